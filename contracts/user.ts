import { z } from 'zod';
import { plainText } from './plain-text';
import { isValidCnpj, isValidCpf, isValidPhone, isValidZipCode, normalizeCnpj, onlyDigits } from './documents';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { messages as m } from './messages';

const requiredText = (required: string, max = 255) =>
  plainText({ error: required }).trim().min(1, { error: required }).max(max, { error: m.fieldTooLong.id });

export const personTypeSchema = z.enum(['INDIVIDUAL', 'COMPANY'], { error: m.personTypeInvalid.id });
export type PersonType = z.infer<typeof personTypeSchema>;

/** Letters of any alphabet, with the spaces, apostrophes, dots and hyphens real names carry. */
export const nameSchema = requiredText(m.nameRequired.id, 120).regex(/^[\p{L}\s'.-]+$/u, { error: m.nameLettersOnly.id });
export const emailSchema = requiredText(m.emailRequired.id, 254)
  .pipe(z.email({ error: m.emailInvalid.id }))
  .transform((e) => e.toLowerCase());
export const passwordSchema = z
  .string({ error: m.passwordRequired.id })
  .min(1, { error: m.passwordRequired.id })
  .min(PASSWORD_MIN, { error: m.passwordTooShort.id })
  .max(PASSWORD_MAX, { error: m.passwordTooLong.id });
export const cpfSchema = requiredText(m.cpfRequired.id, 20).refine(isValidCpf, { error: m.cpfInvalid.id }).transform(onlyDigits);
export const cnpjSchema = requiredText(m.cnpjRequired.id, 20).refine(isValidCnpj, { error: m.cnpjInvalid.id }).transform(normalizeCnpj);
export const phoneSchema = requiredText(m.phoneRequired.id, 20)
  .refine(isValidPhone, { error: m.phoneInvalid.id })
  .transform((p) => onlyDigits(p).replace(/^55(?=\d{10,11}$)/, ''));
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
  );

/** Address (docs/spec.md §3): every field defaults to the empty string. */
export const addressSchema = z.object({
  country: plainText().trim().max(60, { error: m.fieldTooLong.id }).default(''),
  zip_code: plainText()
    .trim()
    .default('')
    .refine((z) => z === '' || isValidZipCode(z), { error: m.zipCodeInvalid.id })
    .transform(onlyDigits),
  state: plainText().trim().max(60, { error: m.fieldTooLong.id }).default(''),
  city: plainText().trim().max(120, { error: m.fieldTooLong.id }).default(''),
  neighborhood: plainText().trim().max(120, { error: m.fieldTooLong.id }).default(''),
  street_address: plainText().trim().max(200, { error: m.fieldTooLong.id }).default(''),
  complement: plainText().trim().max(120, { error: m.fieldTooLong.id }).default(''),
  house_number: plainText()
    .trim()
    .default('')
    .refine((n) => n === '' || /^(\d{1,6}[A-Za-z]?|S\/?N)$/i.test(n), { error: m.houseNumberInvalid.id }),
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

export const signUpSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    phone: phoneSchema,
    birth_date: birthDateSchema.optional().nullable(),
  })
  .extend(documentFields.shape)
  .superRefine(checkDocument)
  .transform((v) => ({
    ...v,
    cpf: v.person_type === 'INDIVIDUAL' ? onlyDigits(v.cpf ?? '') : null,
    cnpj: v.person_type === 'COMPANY' ? normalizeCnpj(v.cnpj ?? '') : null,
    birth_date: v.birth_date ?? null,
  }));
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

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
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

const namedSchema = z.object({ id: z.string(), name: z.string() });

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
  address: z.object({
    country: z.string(),
    zip_code: z.string(),
    state: z.string(),
    city: z.string(),
    neighborhood: z.string(),
    street_address: z.string(),
    complement: z.string(),
    house_number: z.string(),
  }),
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
