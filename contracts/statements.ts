import { z } from 'zod';
import { PAYMENT_METHODS } from './donations';

/**
 * A donor's year (docs/privacy.md, "Statements"): GET /users/profile/statements/{year}. Every confirmed donation
 * of the year in São Paulo time, with what was refunded of it; `total` is the year's net in cents, the same
 * figure the admin's finances count for this donor.
 */
export const statementDonationSchema = z.object({
  id: z.uuid(),
  /** The confirmation's moment, ISO 8601 with São Paulo's offset (-03:00). */
  date: z.string(),
  /** The campaign's title, or null for the general fund. */
  campaign: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  /**
   * Given as a company (a CNPJ on the donation's contact, or a company account) while the NGO may issue deduction
   * declarations: GET /users/profile/declarations/donations/{id}.pdf answers its declaration.
   */
  company_declaration: z.boolean().default(false),
});
export type StatementDonation = z.infer<typeof statementDonationSchema>;

export const statementSchema = z.object({
  year: z.number().int(),
  total: z.number().int(),
  donations: z.array(statementDonationSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET /users/profile/statements: the years that had gifts, newest first, each with its net total. */
export const statementYearsSchema = z.array(
  z.object({
    year: z.number().int(),
    total: z.number().int(),
    /** Some of the year's gifts were a company's and the NGO may issue declarations: GET /users/profile/declarations/{year}.pdf. */
    company_declaration: z.boolean().default(false),
  }),
);
export type StatementYears = z.infer<typeof statementYearsSchema>;

/** A statement's year in a path: the platform's first year to the current one is checked by the route. */
export const statementYearParam = z.coerce.number().int().min(2000).max(9999);

/** A verification code as printed ("7KQ4-M2XD-9TBA"); typed by hand it may come in lower case or without dashes. */
export const DOCUMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const documentCodeParam = z
  .string()
  .regex(/^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/, { error: 'document.code_invalid' })
  .transform((code) => code.toUpperCase().replace(/-/g, '').match(/.{4}/g)!.join('-'))
  .meta({ examples: ['7KQ4-M2XD-9TBA'] });

/**
 * GET /documents/{code}, public (the page /recibos/{code}): that the document is genuine, never whom it names.
 */
export const documentVerificationSchema = z.object({
  code: z.string(),
  kind: z.enum(['statement', 'company_declaration_year', 'company_declaration_donation']),
  year: z.number().int(),
  total: z.number().int(),
  organisation: z.object({ legal_name: z.string(), cnpj: z.string() }),
  issued_at: z.string(),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;
