import { z } from 'zod';
import { messages as m } from './messages';
import { organisationMessages as om } from './organisation-messages';
import { plainText } from './plain-text';
import { addressSchema, cnpjSchema, storedAddressSchema } from './user';

/** What entitles the NGO to issue company deduction declarations (Lei 9.249/1995 art. 13 §2º III). */
export const DEDUCTION_TITLES = ['none', 'oscip', 'public_utility'] as const;
export type DeductionTitleCode = (typeof DEDUCTION_TITLES)[number];

const requiredText = (max: number, options: { multiline?: boolean } = {}) =>
  plainText({ ...options, error: m.required.id })
    .trim()
    .min(1, { error: m.required.id })
    .max(max, { error: m.fieldTooLong.id });

const isPastOrTodayDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01' && date.getTime() <= Date.now();
};

/** A document's address: what a declaration prints under the NGO's name, so street, number, city, UF and CEP. */
const organisationAddressSchema = addressSchema.superRefine((address, ctx) => {
  for (const field of ['zip_code', 'state', 'city', 'street_address', 'house_number'] as const)
    if (address[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: m.required.id });
});

/**
 * PUT /admin/organization (docs/privacy.md, "Organização"): the NGO's legal data, the form's and the API's.
 * The CNPJ may be the alphanumeric one (IN RFB 2.229/2024), with or without its mask; a deduction title needs
 * its number and date, and without one they are cleared.
 */
export const organisationProfileInputSchema = z
  .object({
    legal_name: requiredText(200),
    cnpj: cnpjSchema,
    address: organisationAddressSchema,
    representative_name: requiredText(120),
    representative_role: requiredText(80),
    deduction_title: z.enum(DEDUCTION_TITLES, { error: om.deductionTitleInvalid.id }),
    deduction_title_number: plainText().trim().max(60, { error: m.fieldTooLong.id }).default(''),
    deduction_title_date: z
      .string({ error: om.deductionTitleDateInvalid.id })
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value))
      .meta({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2004-06-15'] }),
    /** How to reach the DPO (LGPD art. 41): name and e-mail at least; several lines allowed. */
    dpo_contact: requiredText(1000, { multiline: true }),
  })
  // What JSON Schema cannot say (the check digits, the address a document needs, a title's number and date) the example does.
  .meta({
    examples: [
      {
        legal_name: 'Associação Semear de Apoio Comunitário',
        cnpj: '12.ABC.345/01DE-35',
        address: {
          country: 'Brasil',
          zip_code: '01221-020',
          state: 'SP',
          city: 'São Paulo',
          neighborhood: 'Vila Buarque',
          street_address: 'Rua Doutor Cesário Mota Júnior',
          complement: 'Sala 12',
          house_number: '112',
        },
        representative_name: 'Helena Duarte Vasconcelos',
        representative_role: 'Presidente',
        deduction_title: 'oscip',
        deduction_title_number: '08071.004512/2019-37',
        deduction_title_date: '2019-08-14',
        dpo_contact: 'Marina Costa Lima, privacidade@semear.org.br',
      },
    ],
  })
  .superRefine((value, ctx) => {
    if (value.deduction_title === 'none') return;
    if (value.deduction_title_number === '')
      ctx.addIssue({ code: 'custom', path: ['deduction_title_number'], message: om.deductionTitleNumberRequired.id });
    if (value.deduction_title_date === null)
      ctx.addIssue({ code: 'custom', path: ['deduction_title_date'], message: om.deductionTitleDateRequired.id });
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(value.deduction_title_date) || !isPastOrTodayDate(value.deduction_title_date))
      ctx.addIssue({ code: 'custom', path: ['deduction_title_date'], message: om.deductionTitleDateInvalid.id });
  })
  .transform((value) => (value.deduction_title === 'none' ? { ...value, deduction_title_number: '', deduction_title_date: null } : value));
export type OrganisationProfileInput = z.input<typeof organisationProfileInputSchema>;
export type OrganisationProfileValues = z.output<typeof organisationProfileInputSchema>;

/** GET /admin/organization: what is on record (empty strings until first saved) and whether declarations may be issued. */
export const organisationProfileSchema = z.object({
  legal_name: z.string(),
  /** Fourteen characters, no punctuation. */
  cnpj: z.string(),
  address: storedAddressSchema,
  representative_name: z.string(),
  representative_role: z.string(),
  deduction_title: z.enum(DEDUCTION_TITLES),
  deduction_title_number: z.string(),
  deduction_title_date: z.string().nullable(),
  dpo_contact: z.string(),
  /** Lei 9.249/1995 declarations: a title with its number and date, and the NGO's name, CNPJ and representative. */
  may_issue_deduction_declarations: z.boolean(),
  /** Null until saved the first time. */
  updated_at: z.string().nullable(),
});
export type OrganisationProfileData = z.infer<typeof organisationProfileSchema>;

/** GET /organization, public: who the controller is and how to reach its DPO (the privacy policy shows it). */
export const organisationPublicSchema = z.object({
  legal_name: z.string(),
  cnpj: z.string(),
  dpo_contact: z.string(),
});
export type OrganisationPublic = z.infer<typeof organisationPublicSchema>;

export const DATA_REQUEST_KINDS = ['export', 'deletion'] as const;
export const DATA_REQUEST_STATUSES = ['awaiting_confirmation', 'pending', 'processing', 'ready', 'completed', 'expired', 'failed'] as const;

/** GET /admin/data-requests: newest first, `page` from 0; the total in x-total-count. */
export const dataRequestsQuerySchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  amount: z.coerce.number().int().min(1).max(100).default(20),
});
export type DataRequestsQuery = z.infer<typeof dataRequestsQuerySchema>;

/**
 * One request under LGPD art. 18 as the DPO sees it. The requester is the account's e-mail while it exists,
 * `removed` once the account was deleted (its e-mail is gone by design), or `guest` (a donor without an account,
 * whose e-mail is kept only as a keyed hash).
 */
export const dataRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DATA_REQUEST_KINDS),
  requester: z.object({
    type: z.enum(['account', 'removed', 'guest']),
    user_id: z.uuid().nullable(),
    email: z.string().nullable(),
  }),
  status: z.enum(DATA_REQUEST_STATUSES),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** What happened: counts of rows anonymised, provider calls, or the failure (as the deletion or export wrote it). */
  outcome: z.record(z.string(), z.unknown()).nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;
