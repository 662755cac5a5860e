import { z } from 'zod';
import { plainText } from './plain-text';
import { cpfOrCnpjIssue, normalizeCnpj, onlyDigits } from './documents';
import { messages as m } from './messages';
import { givingMessages as gm } from './giving-messages';

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'elo', 'hipercard', 'diners', 'discover', 'jcb'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Brand names are names: the same in every language. */
const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
};
export const cardBrandName = (brand: string): string => CARD_BRAND_NAMES[brand as CardBrand] ?? brand;

/** Luhn mod-10 check over the digits of a card number. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Elo and Hipercard ranges come before Visa/Mastercard: some Elo BINs start with 4 or 5.
const BRAND_PATTERNS: Array<[CardBrand, RegExp]> = [
  [
    'elo',
    /^(401178|401179|431274|438935|451416|457393|457631|457632|504175|506699|5067[0-7]\d|509\d{3}|627780|636297|636368|650(0[3-9]|[1-4]\d|5[0-1])|6504[0-9]|6505[0-3]|6507[0-2]|6509|6516|6550)/,
  ],
  ['hipercard', /^(606282|3841(0|4|6)0)/],
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^35(2[89]|[3-8]\d)/],
  ['discover', /^6(011|5|4[4-9])/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
];

export function cardBrand(number: string): CardBrand | null {
  const digits = onlyDigits(number);
  return BRAND_PATTERNS.find(([, pattern]) => pattern.test(digits))?.[0] ?? null;
}

const LENGTHS: Record<CardBrand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  elo: [16],
  hipercard: [13, 16, 19],
  diners: [14, 16],
  discover: [16, 19],
  jcb: [16, 19],
};

/**
 * 13 to 19 digits passing Luhn, with the lengths of its brand where our table knows it. A brand our table does
 * not place is still a valid number: the table only shows a brand early, the provider decides which cards it
 * takes (Mercado Pago's test Mastercard, BIN 503143, is outside the table's ranges).
 */
export function isValidCardNumber(number: string): boolean {
  const digits = onlyDigits(number);
  if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) return false;
  const brand = cardBrand(digits);
  return brand === null || LENGTHS[brand].includes(digits.length);
}

export const cvvLength = (brand: CardBrand | null): number => (brand === 'amex' ? 4 : 3);

/** 'MM/AA' or 'MM/AAAA' → { month, year } (full year), or null. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return expiry.year < nowYear || (expiry.year === nowYear && expiry.month < nowMonth);
}

const required = (message: string) => plainText({ error: message }).trim().min(1, { error: message });

/**
 * The card as typed (docs/spec.md §3 Payment). It goes from the browser to the gateway's tokenisation
 * endpoint only: our API receives the token, never these fields.
 */
export const cardInputSchema = z
  .object({
    card_number: required(gm.cardNumberRequired.id).refine(isValidCardNumber, { error: gm.cardNumberInvalid.id }).transform(onlyDigits),
    exp_date: required(gm.cardExpiryRequired.id)
      .refine((v) => parseCardExpiry(v) !== null, { error: gm.cardExpiryInvalid.id })
      .refine(
        (v) => {
          const parsed = parseCardExpiry(v);
          return parsed === null || !isCardExpired(parsed, new Date());
        },
        { error: gm.cardExpired.id },
      ),
    cvv: required(gm.cvvRequired.id).regex(/^\d{3,4}$/, { error: gm.cvvInvalid.id }),
    holder_name: required(gm.holderNameRequired.id)
      .max(26, { error: m.fieldTooLong.id })
      .regex(/^[\p{L}\s'.-]+$/u, { error: m.nameLettersOnly.id }),
    // A company's card is in the company's name: its CNPJ, as a person's card has the CPF.
    holder_document: required(gm.holderDocumentRequired.id)
      .superRefine((document, ctx) => {
        const issue = cpfOrCnpjIssue(document);
        if (issue) ctx.addIssue({ code: 'custom', message: issue === 'cpf' ? m.cpfInvalid.id : m.cnpjInvalid.id });
      })
      .transform(normalizeCnpj),
  })
  .superRefine((card, ctx) => {
    if (card.cvv.length !== cvvLength(cardBrand(card.card_number)))
      ctx.addIssue({ code: 'custom', path: ['cvv'], message: gm.cvvInvalid.id });
  });
export type CardInput = z.input<typeof cardInputSchema>;

/** What the gateway's tokenisation endpoint answers: enough to show the card, nothing to charge it again. */
export const cardTokenSchema = z.object({
  token: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().length(4),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  holder_name: z.string(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/** A card kept for a signed-in donor ('my cards'). */
export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  holder_name: z.string(),
  /** The card checkouts offer first and a new monthly donation uses; at most one per donor. */
  is_default: z.boolean(),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardListSchema = z.array(savedCardSchema);
