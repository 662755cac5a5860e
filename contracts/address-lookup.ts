import { z } from 'zod';
import { BRAZILIAN_STATES, isValidZipCode, onlyDigits } from './documents';

/** Where a CEP answer came from: the offline CEP ranges, or a public CEP service. */
export const CEP_SOURCES = ['embedded', 'viacep', 'brasilapi'] as const;
export type CepSource = (typeof CEP_SOURCES)[number];

/**
 * Answer of GET /api/v1/addresses/cep/:cep. The embedded source knows only the state (from the
 * Correios CEP ranges) and leaves city, neighborhood and street empty for the user to type.
 */
export const cepLookupResultSchema = z.object({
  zip_code: z.string().regex(/^\d{8}$/),
  state: z.enum(BRAZILIAN_STATES),
  city: z.string(),
  neighborhood: z.string(),
  street_address: z.string(),
  source: z.enum(CEP_SOURCES),
});
export type CepLookupResult = z.infer<typeof cepLookupResultSchema>;

/**
 * The 8 digits of a CEP typed with or without its mask ("01310-100", "01.310-100"), or null when it
 * is not one. Only digits, dots, hyphens and spaces are allowed around the 8 digits.
 */
export const normalizeCep = (input: string): string | null =>
  /^[\d\s.-]+$/.test(input) && isValidZipCode(input) ? onlyDigits(input) : null;
