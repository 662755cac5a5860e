import { z } from 'zod';
import { plainText } from './plain-text';
import { CARD_BRANDS } from './cards';
import { DONATION_MAX_CENTS, DONATION_MESSAGE_MAX, DONATION_MIN_CENTS } from './constants';
import { BRAZILIAN_STATES, isValidCnpj, isValidCpf, isValidPhone, isValidZipCode, normalizeCnpj, onlyDigits } from './documents';
import { messages as m } from './messages';
import { emailSchema, nameSchema } from './user';
import { givingMessages as gm } from './giving-messages';

const trimmed = (max = 255) => plainText().trim().max(max, { error: m.fieldTooLong.id });
const issue = (ctx: z.RefinementCtx, path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });

/** Valid examples for the API document (server/plugins/openapi.ts), where rules across fields are more than JSON Schema says. */
export const CONTACT_EXAMPLE = {
  is_company: false,
  foreigner: false,
  name: 'Maria da Silva',
  email: 'maria@exemplo.com.br',
  cpf: '529.982.247-25',
  telephone: '(11) 98765-4321',
};
export const ADDRESS_EXAMPLE = {
  country: 'BR',
  zip_code: '01310-100',
  state: 'SP',
  city: 'São Paulo',
  neighborhood: 'Bela Vista',
  street_address: 'Avenida Paulista',
  house_number: '1578',
};

/** International phone for foreign donors: a '+' and 8 to 15 digits, spaces and dashes allowed. */
export const isValidInternationalPhone = (value: string): boolean =>
  /^\+?[\d\s().-]{8,22}$/.test(value) && onlyDigits(value).length >= 8 && onlyDigits(value).length <= 15;

/**
 * Checkout contact (docs/spec.md §3 Contact). A person gives name, e-mail, CPF and phone; a company gives
 * corporate name, CNPJ, contact name, e-mail and phone. A foreigner has no CPF/CNPJ and may give an
 * international phone. Checked as a whole so each message lands on its own field.
 */
export const contactSchema = z
  .object({
    is_company: z.boolean().default(false),
    foreigner: z.boolean().default(false),
    name: trimmed(120).default(''),
    corporate_name: trimmed(200).default(''),
    contact_name: trimmed(120).default(''),
    email: plainText().default(''),
    contact_email: plainText().default(''),
    cpf: trimmed(20).default(''),
    cnpj: trimmed(20).default(''),
    telephone: trimmed(25).default(''),
  })
  .superRefine((c, ctx) => {
    const personName = c.is_company ? 'contact_name' : 'name';
    if (c.is_company && c.corporate_name === '') issue(ctx, ['corporate_name'], gm.corporateNameRequired.id);
    const nameResult = nameSchema.safeParse(c[personName]);
    if (!nameResult.success)
      issue(
        ctx,
        [personName],
        c.is_company && c.contact_name === '' ? gm.contactNameRequired.id : (nameResult.error.issues[0]?.message ?? m.nameRequired.id),
      );
    const emailResult = emailSchema.safeParse(c.email);
    if (!emailResult.success) issue(ctx, ['email'], emailResult.error.issues[0]?.message ?? m.emailInvalid.id);
    if (c.contact_email !== '' && !emailSchema.safeParse(c.contact_email).success) issue(ctx, ['contact_email'], m.emailInvalid.id);
    if (c.telephone === '') issue(ctx, ['telephone'], m.phoneRequired.id);
    else if (!(c.foreigner ? isValidInternationalPhone(c.telephone) : isValidPhone(c.telephone)))
      issue(ctx, ['telephone'], m.phoneInvalid.id);
    if (c.foreigner) return;
    if (c.is_company) {
      if (c.cnpj === '') issue(ctx, ['cnpj'], m.cnpjRequired.id);
      else if (!isValidCnpj(c.cnpj)) issue(ctx, ['cnpj'], m.cnpjInvalid.id);
    } else if (c.cpf === '') issue(ctx, ['cpf'], m.cpfRequired.id);
    else if (!isValidCpf(c.cpf)) issue(ctx, ['cpf'], m.cpfInvalid.id);
  })
  .meta({
    description:
      'A person (is_company false) gives name, email, a valid cpf and telephone; a company gives corporate_name, contact_name, a valid cnpj, email and telephone; a foreigner gives no cpf or cnpj and may give an international telephone.',
    examples: [CONTACT_EXAMPLE],
  })
  .transform((c) => ({
    is_company: c.is_company,
    foreigner: c.foreigner,
    name: c.is_company ? c.corporate_name : c.name,
    corporate_name: c.is_company ? c.corporate_name : null,
    contact_name: c.is_company ? c.contact_name : null,
    email: c.email.trim().toLowerCase(),
    contact_email: c.contact_email.trim() === '' ? null : c.contact_email.trim().toLowerCase(),
    cpf: !c.foreigner && !c.is_company ? onlyDigits(c.cpf) : null,
    cnpj: !c.foreigner && c.is_company ? normalizeCnpj(c.cnpj) : null,
    telephone: c.foreigner ? c.telephone.replace(/[^\d+]/g, '') : onlyDigits(c.telephone).replace(/^55(?=\d{10,11}$)/, ''),
  }));
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/**
 * Checkout address: country is an ISO 3166-1 alpha-2 code. Brazilian addresses need a valid CEP, a UF,
 * city, street and number; a foreigner's address needs country, city and state/region.
 */
export const checkoutAddressSchema = z
  .object({
    country: trimmed(2).default('BR'),
    zip_code: trimmed(20).default(''),
    state: trimmed(60).default(''),
    city: trimmed(120).default(''),
    neighborhood: trimmed(120).default(''),
    street_address: trimmed(200).default(''),
    complement: trimmed(120).default(''),
    house_number: trimmed(10).default(''),
  })
  .superRefine((a, ctx) => {
    if (a.country === '') issue(ctx, ['country'], gm.countryRequired.id);
    if (a.city === '') issue(ctx, ['city'], gm.cityRequired.id);
    if (a.state === '') issue(ctx, ['state'], gm.stateRequired.id);
    if (a.country.toUpperCase() !== 'BR') return;
    if (a.zip_code === '') issue(ctx, ['zip_code'], gm.zipCodeRequired.id);
    else if (!isValidZipCode(a.zip_code)) issue(ctx, ['zip_code'], m.zipCodeInvalid.id);
    if (a.state !== '' && !(BRAZILIAN_STATES as readonly string[]).includes(a.state.toUpperCase()))
      issue(ctx, ['state'], m.stateInvalid.id);
    if (a.street_address === '') issue(ctx, ['street_address'], gm.streetRequired.id);
    if (a.house_number === '') issue(ctx, ['house_number'], gm.houseNumberRequired.id);
    else if (!/^(\d{1,6}[A-Za-z]?|S\/?N)$/i.test(a.house_number)) issue(ctx, ['house_number'], m.houseNumberInvalid.id);
  })
  .meta({
    description:
      'country (ISO 3166-1 alpha-2), city and state are required; a Brazilian address (BR) also needs a valid zip_code (CEP), a UF as state, street_address and house_number.',
    examples: [ADDRESS_EXAMPLE],
  })
  .transform((a) => ({
    ...a,
    country: a.country.toUpperCase(),
    state: a.country.toUpperCase() === 'BR' ? a.state.toUpperCase() : a.state,
    zip_code: a.country.toUpperCase() === 'BR' ? onlyDigits(a.zip_code) : a.zip_code,
  }));
export type CheckoutAddressInput = z.input<typeof checkoutAddressSchema>;

/** Addresses must be Brazilian unless the donor lives abroad (docs/spec.md §5): the message id, or null. */
export const addressCountryIssue = (country: string, foreigner: boolean): string | null =>
  foreigner || country.trim().toUpperCase() === 'BR' ? null : gm.addressMustBeBrazilian.id;
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;

/** Gift card code: required, a UUID ('Código inserido é inválido'). */
export const giftCardCodeSchema = z
  .string({ error: gm.giftCardCodeInvalid.id })
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: gm.giftCardCodeInvalid.id }));

export const PAYMENT_METHODS = ['card', 'saved_card', 'pix', 'paypal', 'gift_card', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How the donor pays. Card numbers never appear here: a new card arrives as the gateway's token. */
export const paymentInputSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('card'),
      card_token: plainText().trim().min(1, { error: gm.cardTokenInvalid.id }).max(200),
      save_card: z.boolean().default(false),
      /** The challenge widget's answer, when a campaign under card testing asked for one (payment.challenge_required). */
      challenge_token: plainText().trim().min(1).max(2048).optional(),
    }),
    z.object({ method: z.literal('saved_card'), card_id: z.uuid({ error: gm.savedCardNotFound.id }) }),
    z.object({ method: z.literal('pix') }),
    z.object({ method: z.literal('paypal') }),
    z.object({ method: z.literal('gift_card'), code: giftCardCodeSchema }),
    z.object({ method: z.literal('wallet') }),
  ],
  { error: gm.paymentMethodInvalid.id },
);
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const donationAmountSchema = z
  .number({ error: gm.amountRequired.id })
  .int({ error: gm.amountWholeCents.id })
  .min(DONATION_MIN_CENTS, { error: gm.amountTooLow.id })
  .max(DONATION_MAX_CENTS, { error: gm.amountTooHigh.id });

export const PAYER_RULES =
  'Foreigners (contact.foreigner) pay only with paypal, and paypal is only for foreigners; the address is required except for pix, and is Brazilian unless the payer is a foreigner.';

/**
 * Who pays how, from where (a donation's or a gift-card order's): foreigners pay only with PayPal, and
 * PayPal is only for foreigners; the address is required except for PIX, in the payer's country.
 */
export function checkPayerRules(
  d: { contact: { foreigner: boolean }; payment: { method: PaymentMethod }; address?: { country: string } | null },
  ctx: z.RefinementCtx,
): void {
  if (d.contact.foreigner && d.payment.method !== 'paypal') issue(ctx, ['payment', 'method'], gm.foreignerPaypalOnly.id);
  if (!d.contact.foreigner && d.payment.method === 'paypal') issue(ctx, ['payment', 'method'], gm.paypalForeignersOnly.id);
  if (d.payment.method !== 'pix' && !d.address) issue(ctx, ['address', 'zip_code'], gm.zipCodeRequired.id);
  const wrongCountry = d.address ? addressCountryIssue(d.address.country, d.contact.foreigner) : null;
  if (wrongCountry) issue(ctx, ['address', 'country'], wrongCountry);
}

/**
 * POST /campaigns/{slug}/donations and POST /donations (campaign_slug, or the general fund when absent).
 * The address is required except for PIX, which /doacao-pix takes without one. Foreigners pay only
 * with PayPal, and PayPal is only for foreigners.
 */
export const donationRequestSchema = z
  .object({
    amount: donationAmountSchema,
    payment: paymentInputSchema,
    contact: contactSchema,
    address: checkoutAddressSchema.nullable().optional(),
    message: plainText({ multiline: true }).trim().max(DONATION_MESSAGE_MAX, { error: gm.messageTooLong.id }).optional().nullable(),
    is_anonymous: z.boolean().default(false),
    shared_campaign_id: trimmed(120).optional().nullable(),
    campaign_slug: trimmed(120).optional().nullable(),
  })
  .superRefine(checkPayerRules)
  .meta({
    description: PAYER_RULES,
    examples: [{ amount: 5000, payment: { method: 'pix' }, contact: CONTACT_EXAMPLE, address: ADDRESS_EXAMPLE }],
  });
export type DonationRequestInput = z.input<typeof donationRequestSchema>;
export type DonationRequest = z.output<typeof donationRequestSchema>;

export const DONATION_STATUSES = ['pending', 'confirmed', 'failed', 'expired', 'refunded'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];
export const PAYMENT_STATUSES = ['processing', 'pending', 'succeeded', 'failed', 'expired', 'refunded'] as const;

export const donationSchema = z.object({
  id: z.string(),
  status: z.enum(DONATION_STATUSES),
  /** Cents. */
  amount: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  campaign: z.object({ slug: z.string(), title: z.string() }).nullable(),
  is_anonymous: z.boolean(),
  message: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type Donation = z.infer<typeof donationSchema>;

export const paymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  /** The error code of a failed payment (e.g. payment.declined). */
  failure_code: z.string().nullable(),
  card_brand: z.enum(CARD_BRANDS).nullable(),
  card_last4: z.string().nullable(),
  /** PIX copy-and-paste code, its QR image (PNG data URL) and when it stops being payable. */
  br_code: z.string().nullable(),
  qr_code: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** PayPal: where the donor approves the payment. */
  approve_url: z.string().nullable(),
  /** Where the embedded sandbox lets a tester pay this PIX; null with a real gateway. */
  sandbox_pay_url: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /gift-cards/{code}: what is left on a gift card (cents) and when it expires. */
export const giftCardBalanceSchema = z.object({ balance: z.number().int(), expires_at: z.string() });

/**
 * 403 payment.challenge_required: what the checkout shows before sending the card again with
 * `payment.challenge_token` (docs/payments.md, "Card testing").
 */
export const cardChallengeAnswerSchema = z.object({
  message: z.string(),
  code: z.literal('payment.challenge_required'),
  challenge: z.object({ provider: z.enum(['turnstile', 'hcaptcha']), site_key: z.string(), script_url: z.string() }),
});
export type CardChallengeAnswer = z.infer<typeof cardChallengeAnswerSchema>;

/** 201 of a donation call, and GET /donations/{id} (without receipt_token). */
export const donationResultSchema = z.object({
  donation: donationSchema,
  payment: paymentSchema,
  /** GET /donations/{id} of a donation paid with a gift card: what was left on the card right after it. */
  gift_card: giftCardBalanceSchema.optional(),
  /** Lets a guest read this donation later (GET /donations/{id} with header X-Receipt-Token). */
  receipt_token: z.string().optional(),
});
export type DonationResult = z.infer<typeof donationResultSchema>;

/** GET /donors/{id}/wallets/balance: data is the spendable balance in cents (docs/spec.md §7). */
export const walletBalanceSchema = z.object({ data: z.number().int() });
