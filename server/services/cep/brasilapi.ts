import { z } from 'zod';
import { normalizeCep } from '../../../contracts/address-lookup';
import { BRAZILIAN_STATES } from '../../../contracts/documents';
import { CepProviderError, type CepLookup, type HttpCepLookupOptions } from './cep-lookup';
import { getProviderJson } from './http-json';

export const BRASILAPI_URL = 'https://brasilapi.com.br';

const text = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim());

/** BrasilAPI CEP v1. Neighborhood and street are missing or null for CEPs that cover a whole town. */
const brasilApiAnswer = z.object({ state: z.enum(BRAZILIAN_STATES), city: text, neighborhood: text, street: text });

/** https://brasilapi.com.br — GET /api/cep/v1/{cep}; 404 for an unknown CEP, 400 for a malformed one. */
export function brasilApiCepLookup(options: HttpCepLookupOptions = {}): CepLookup {
  const base = (options.baseUrl ?? BRASILAPI_URL).replace(/\/+$/, '');
  return {
    async lookup(input) {
      const cep = normalizeCep(input);
      if (!cep) return null;
      const { status, body } = await getProviderJson('brasilapi', `${base}/api/cep/v1/${cep}`, options);
      if (status === 400 || status === 404) return null;
      if (status !== 200) throw new CepProviderError('brasilapi', `answered ${status}`);
      const parsed = brasilApiAnswer.safeParse(body);
      if (!parsed.success) throw new CepProviderError('brasilapi', 'answer in an unexpected shape', { cause: parsed.error });
      const answer = parsed.data;
      return {
        zip_code: cep,
        state: answer.state,
        city: answer.city,
        neighborhood: answer.neighborhood,
        street_address: answer.street,
        source: 'brasilapi',
      };
    },
  };
}
