import { z } from 'zod';
import { plainText } from './plain-text';
import { isValidCnpj, isValidCpf, isValidPhone, isValidZipCode, normalizeCnpj, onlyDigits } from './documents';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { messages as m } from './messages';
import { safeReturnPath } from './routes';

const requiredText = (required: string, max = 255) =>
  plainText({ error: required }).trim().min(1, { error: required }).max(max, { error: m.fieldTooLong.id });

export const personTypeSchema = z.enum(['INDIVIDUAL', 'COMPANY'], { error: m.personTypeInvalid.id });
export type PersonType = z.infer<typeof personTypeSchema>;

/** Letters of any alphabet, with the spaces, apostrophes, dots and hyphens real names carry. */
export const nameSchema = requiredText(m.nameRequired.id, 120)
  .regex(/^[\p{L}\s'.-]+$/u, { error: m.nameLettersOnly.id })
  // The API document's pattern: Latin letters only (JSON Schema tools seldom read \p{L}), a part of what is accepted.
  .meta({ pattern: "^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ '.-]{0,118}$", examples: ['Maria da Silva'] });
export const emailSchema = requiredText(m.emailRequired.id, 254)
  .pipe(z.email({ error: m.emailInvalid.id }))
  .transform((e) => e.toLowerCase());
export const passwordSchema = z
  .string({ error: m.passwordRequired.id })
  .min(1, { error: m.passwordRequired.id })
  .min(PASSWORD_MIN, { error: m.passwordTooShort.id })
  .max(PASSWORD_MAX, { error: m.passwordTooLong.id });
// The API document says what a pattern can of these (the check digits it cannot), and gives valid examples.
export const cpfSchema = requiredText(m.cpfRequired.id, 20)
  .refine(isValidCpf, { error: m.cpfInvalid.id })
  .transform(onlyDigits)
  .meta({ pattern: '^(\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}|\\d{11})$', examples: ['529.982.247-25', '11144477735'] });
export const cnpjSchema = requiredText(m.cnpjRequired.id, 20)
  .refine(isValidCnpj, { error: m.cnpjInvalid.id })
  .transform(normalizeCnpj)
  .meta({ pattern: '^([0-9A-Z]{2}\\.[0-9A-Z]{3}\\.[0-9A-Z]{3}/[0-9A-Z]{4}-\\d{2}|[0-9A-Z]{12}\\d{2})$', examples: ['11.222.333/0001-81'] });
export const phoneSchema = requiredText(m.phoneRequired.id, 20)
  .refine(isValidPhone, { error: m.phoneInvalid.id })
  .transform((p) => onlyDigits(p).replace(/^55(?=\d{10,11}$)/, ''))
  .meta({ pattern: '^\\([1-9][1-9]\\) (9\\d{4}|[2-8]\\d{3})-\\d{4}$', examples: ['(11) 98765-4321'] });
/** ISO calendar date (YYYY-MM-DD) of a living adult-or-minor: not in the future, not before 1900. */
export const birthDateSchema = z
  .string({ error: m.birthDateInvalid.id })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.birthDateInvalid.id })
  .refine(
    (d) => {
      const date = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(d) && d >= '1900-01-01' && date.getTime() <= Date.now();
    },
    { error: m.birthDateInvalid.id },
  )
  // The API document's pattern: real past dates (1900-2019, days 01-28), a part of what is accepted.
  .meta({ pattern: '^(19\\d{2}|20[01]\\d)-(0[1-9]|1[0-2])-(0[1-9]|1\\d|2[0-8])$', examples: ['1990-05-17'] });

/** Address (docs/spec.md §3): every field defaults to the empty string. */
export const addressSchema = z
  .object({
    country: plainText().trim().max(60, { error: m.fieldTooLong.id }).default(''),
    zip_code: plainText()
      .trim()
      .default('')
      .refine((z) => z === '' || isValidZipCode(z), { error: m.zipCodeInvalid.id })
      .transform(onlyDigits)
      .meta({ pattern: '^(\\d{5}-?\\d{3})?$', examples: ['01310-100'] }),
    state: plainText().trim().max(60, { error: m.fieldTooLong.id }).default(''),
    city: plainText().trim().max(120, { error: m.fieldTooLong.id }).default(''),
    neighborhood: plainText().trim().max(120, { error: m.fieldTooLong.id }).default(''),
    street_address: plainText().trim().max(200, { error: m.fieldTooLong.id }).default(''),
    complement: plainText().trim().max(120, { error: m.fieldTooLong.id }).default(''),
    house_number: plainText()
      .trim()
      .default('')
      .refine((n) => n === '' || /^(\d{1,6}[A-Za-z]?|S\/?N)$/i.test(n), { error: m.houseNumberInvalid.id })
      .meta({ pattern: '^(\\d{1,6}[A-Za-z]?|[Ss]/?[Nn])?$', examples: ['1578'] }),
  })
  .meta({
    examples: [
      {
        country: 'Brasil',
        zip_code: '01310-100',
        state: 'SP',
        city: 'São Paulo',
        neighborhood: 'Bela Vista',
        street_address: 'Avenida Paulista',
        complement: '',
        house_number: '1578',
      },
    ],
  });
export type Address = z.infer<typeof addressSchema>;
export const emptyAddress: Address = {
  country: '',
  zip_code: '',
  state: '',
  city: '',
  neighborhood: '',
  street_address: '',
  complement: '',
  house_number: '',
};

/** The document the person type asks for: cpf for INDIVIDUAL, cnpj for COMPANY. */
const documentFields = z.object({
  person_type: personTypeSchema,
  cpf: plainText().optional(),
  cnpj: plainText().optional(),
});
type DocumentFields = z.infer<typeof documentFields>;

function checkDocument(value: DocumentFields, ctx: z.RefinementCtx): void {
  const field = value.person_type === 'COMPANY' ? 'cnpj' : 'cpf';
  const schema = field === 'cnpj' ? cnpjSchema : cpfSchema;
  const result = schema.safeParse(value[field] ?? '');
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
}

const signUpFields = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    phone: phoneSchema,
    birth_date: birthDateSchema.optional().nullable(),
  })
  .extend(documentFields.shape);

/** The document the person type asks for, the other null; no birth date is null. */
const withDocument = (v: z.infer<typeof signUpFields>) => ({
  ...v,
  cpf: v.person_type === 'INDIVIDUAL' ? onlyDigits(v.cpf ?? '') : null,
  cnpj: v.person_type === 'COMPANY' ? normalizeCnpj(v.cnpj ?? '') : null,
  birth_date: v.birth_date ?? null,
});

export const signUpSchema = signUpFields.superRefine(checkDocument).transform(withDocument);
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

/**
 * POST /users: the sign-up, plus where the confirmation link should lead once the account exists. A
 * return_url that is not a path on this site is dropped, as the web routes drop it.
 */
export const signUpRequestSchema = signUpFields
  .extend({
    return_url: z
      .string()
      .nullish()
      .catch(null)
      .transform((v) => safeReturnPath(v) ?? null),
  })
  .superRefine(checkDocument)
  .transform(({ return_url, ...fields }) => ({ ...withDocument(fields), return_url }))
  .meta({
    description: 'person_type INDIVIDUAL gives a valid cpf, COMPANY a valid cnpj.',
    examples: [
      {
        name: 'Maria da Silva',
        email: 'maria@exemplo.com.br',
        password: 'girassol-amarelo-42',
        phone: '(11) 98765-4321',
        person_type: 'INDIVIDUAL',
        cpf: '529.982.247-25',
      },
    ],
  });
export type SignUpRequestInput = z.input<typeof signUpRequestSchema>;
/** The answer to every accepted sign-up, whether or not the address already has an account. */
export const signUpAcceptedSchema = z.object({ message: z.string() });
export type SignUpAccepted = z.infer<typeof signUpAcceptedSchema>;
/** POST /users/confirmations: the token of the mailed link. */
export const signUpConfirmationSchema = z.object({
  token: plainText({ error: m.tokenRequired.id }).min(1, { error: m.tokenRequired.id }).max(512, { error: m.tokenRequired.id }),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: m.passwordRequired.id })
    .min(1, { error: m.passwordRequired.id })
    .max(PASSWORD_MAX, { error: m.passwordTooLong.id }),
});
export type SignInInput = z.input<typeof signInSchema>;

export const refreshTokenSchema = z.object({
  refresh_token: plainText({ error: m.tokenRequired.id }).min(1, { error: m.tokenRequired.id }).max(512, { error: m.tokenRequired.id }),
});
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: plainText({ error: m.tokenRequired.id }).min(1, { error: m.tokenRequired.id }).max(512, { error: m.tokenRequired.id }),
  password: passwordSchema,
});

/** What a signed-in user may change on /profile. E-mail and document stay as registered. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    phone: phoneSchema,
    birth_date: birthDateSchema.optional().nullable(),
    address: addressSchema,
  })
  // An address with a CEP is Brazilian, and the checkout needs its state (UF) to reuse it.
  .superRefine((value, ctx) => {
    if (value.address.zip_code !== '' && value.address.state === '')
      ctx.addIssue({ code: 'custom', path: ['address', 'state'], message: m.addressStateRequired.id });
  })
  .meta({ description: 'An address with a zip_code needs its state (UF).' });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

const namedSchema = z.object({ id: z.string(), name: z.string() });

/** An address as stored and read back (the profile's, the organisation's). */
export const storedAddressSchema = z.object({
  country: z.string(),
  zip_code: z.string(),
  state: z.string(),
  city: z.string(),
  neighborhood: z.string(),
  street_address: z.string(),
  complement: z.string(),
  house_number: z.string(),
});

/** The user as GET /users/profile answers it (docs/spec.md §3). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  phone: z.string(),
  person_type: personTypeSchema,
  cpf: plainText().optional(),
  cnpj: plainText().optional(),
  birth_date: z.string().nullable(),
  birth_date_formatted: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  inactivated_at: z.string().nullable(),
  // As stored: an address saved before control characters were refused must still read back.
  address: storedAddressSchema,
  roles: z.array(namedSchema),
  permissions: z.array(namedSchema),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), refresh_token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;
export const refreshedTokensSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type RefreshedTokens = z.infer<typeof refreshedTokensSchema>;

// grantsOf lives in permissions.ts (no zod there), so code that only checks grants stays light.
export { grantsOf } from './permissions';
