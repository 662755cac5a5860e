import { z } from 'zod';
import { GIFT_CARD_VALIDITY_MONTHS } from './constants';
import { giftCardMessages as gc } from './gift-card-messages';
import { givingMessages as gm } from './giving-messages';
import { messages as m } from './messages';
import { plainText } from './plain-text';

/** What a buyer defines before paying for gift cards (docs/spec.md §5, §9; docs/gift-cards.md). */

export const GIFT_CARD_MIN_CENTS = 3_000;
export const GIFT_CARD_MAX_CENTS = 500_000;
/** Personal orders; companies buy more through the corporate definition. */
export const GIFT_CARD_MAX_QUANTITY = 20;
export const GIFT_CARD_MESSAGE_MAX = 300;
export const GIFT_CARD_FROM_MAX = 80;
export const GIFT_CARD_TEMPLATES = ['semente', 'girassol', 'abraco', 'aniversario', 'natal', 'gratidao'] as const;
export type GiftCardTemplate = (typeof GIFT_CARD_TEMPLATES)[number];
/** Each recipient by e-mail now, or at a chosen date and time (America/Sao_Paulo), or a printable PDF for the buyer. */
export const GIFT_CARD_SHIPPING_MODES = ['email_now', 'email_scheduled', 'pdf'] as const;
export type GiftCardShippingMode = (typeof GIFT_CARD_SHIPPING_MODES)[number];

const requiredText = (required: string, max: number, tooLong: string, options: { multiline?: boolean } = {}) =>
  plainText({ error: required, ...options })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });

/** Cents, in whole reais, from R$ 30,00 ('O valor é obrigatório', 'Valor menor que o permitido'). */
export const giftCardValueSchema = z
  .number({ error: gm.amountRequired.id })
  .int({ error: gc.valueWholeReais.id })
  .multipleOf(100, { error: gc.valueWholeReais.id, abort: true })
  .min(GIFT_CARD_MIN_CENTS, { error: gm.amountTooLow.id })
  .max(GIFT_CARD_MAX_CENTS, { error: gm.amountTooHigh.id });

/** The card itself: value, how many, the template, the message and who sends it. */
export const giftCardDesignSchema = z.object({
  value: giftCardValueSchema,
  quantity: z
    .number({ error: gc.quantityInvalid.id })
    .int({ error: gc.quantityInvalid.id })
    .min(1, { error: gc.quantityInvalid.id })
    .max(GIFT_CARD_MAX_QUANTITY, { error: gc.quantityInvalid.id }),
  template: z.enum(GIFT_CARD_TEMPLATES, { error: gc.templateRequired.id }),
  message: requiredText(gc.messageRequired.id, GIFT_CARD_MESSAGE_MAX, gc.messageTooLong.id, { multiline: true }),
  from: requiredText(gc.fromRequired.id, GIFT_CARD_FROM_MAX, m.fieldTooLong.id),
});
export type GiftCardDesign = z.output<typeof giftCardDesignSchema>;

/** A company's card: the same but how many, which its recipients' spreadsheet or a number of codes says. */
export const corporateGiftCardDesignSchema = giftCardDesignSchema.omit({ quantity: true });
export type CorporateGiftCardDesign = z.output<typeof corporateGiftCardDesignSchema>;

const emailConfirmation = plainText({ error: gc.emailConfirmationRequired.id })
  .trim()
  .min(1, { error: gc.emailConfirmationRequired.id })
  .max(254, { error: m.fieldTooLong.id })
  .pipe(z.email({ error: m.emailInvalid.id }))
  .transform((e) => e.toLowerCase());

/** A recipient: name, e-mail and its confirmation, which must be equal ('Os e-mails não conferem'). */
/** A recipient's own fields (the delivery change of a sent card takes them too). */
export const giftCardRecipientFields = z.object({
  name: requiredText(m.nameRequired.id, 120, m.fieldTooLong.id),
  email: plainText({ error: m.emailRequired.id })
    .trim()
    .min(1, { error: m.emailRequired.id })
    .max(254, { error: m.fieldTooLong.id })
    .pipe(z.email({ error: m.emailInvalid.id }))
    .transform((e) => e.toLowerCase()),
  email_confirmation: emailConfirmation,
});

export const giftCardRecipientSchema = giftCardRecipientFields.refine((r) => r.email === r.email_confirmation, {
  path: ['email_confirmation'],
  error: gc.emailConfirmationDiffers.id,
  // Compared only once both are e-mails: a field says one thing at a time (and a recipient that is not an object, e.g. null, has no fields to compare).
  when: (payload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => issue.path?.[0] === 'email' || issue.path?.[0] === 'email_confirmation'),
});
export type GiftCardRecipientInput = z.input<typeof giftCardRecipientSchema>;
export type GiftCardRecipient = z.output<typeof giftCardRecipientSchema>;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The rows whose e-mail an earlier row already has: the view marks them, the list says 'Apague os recebedores duplicados'. */
export function duplicateRecipientRows(recipients: readonly { email: string }[]): number[] {
  const seen = new Set<string>();
  return recipients.flatMap((recipient, row) => {
    const email = normalEmail(recipient.email);
    if (email === '') return [];
    if (seen.has(email)) return [row];
    seen.add(email);
    return [];
  });
}

/** At least one recipient, every one valid, no e-mail twice. */
export const giftCardRecipientsSchema = z
  .array(giftCardRecipientSchema, { error: gc.recipientsRequired.id })
  .min(1, { error: gc.recipientsRequired.id })
  .max(GIFT_CARD_MAX_QUANTITY, { error: gc.quantityInvalid.id })
  .superRefine((recipients, ctx) => {
    if (duplicateRecipientRows(recipients).length > 0) ctx.addIssue({ code: 'custom', message: gc.recipientsDuplicated.id });
  });

const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

/** Why a scheduled send at `sendAt` cannot be (before `now`, or past the cards' validity); null when it can. */
export function sendAtIssue(sendAt: string, now: Date): typeof gc.sendAtPast | null {
  const at = Date.parse(sendAt);
  if (!(at > now.getTime())) return gc.sendAtPast;
  return at <= now.getTime() + GIFT_CARD_VALIDITY_MONTHS * MONTH_MS ? null : gc.sendAtTooFar;
}

/**
 * How the cards travel; a scheduled send is after `now` and within the cards' validity. Without `now`
 * (an API body's schema, read before the request's clock) only its form is checked: the service
 * checks the moment (sendAtIssue).
 */
export const giftCardShippingSchema = (now: Date | null) =>
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('email_now') }),
    z.object({
      mode: z.literal('email_scheduled'),
      send_at: z.iso.datetime({ offset: true, error: gc.sendAtRequired.id, abort: true }).superRefine((at, ctx) => {
        const issue = now ? sendAtIssue(at, now) : null;
        if (issue) ctx.addIssue({ code: 'custom', message: issue.id });
      }),
    }),
    z.object({ mode: z.literal('pdf') }),
  ]);
export type GiftCardShipping = z.output<ReturnType<typeof giftCardShippingSchema>>;

/**
 * The whole definition, as the server checks it when the order is placed: by e-mail there is one
 * recipient per card; a printable PDF needs none (the buyer hands the cards out).
 */
export const giftCardDefinitionSchema = (now: Date | null) =>
  giftCardDesignSchema
    .extend({ shipping: giftCardShippingSchema(now), recipients: z.array(z.unknown()).default([]) })
    .superRefine((definition, ctx) => {
      if (definition.shipping.mode === 'pdf') return;
      const parsed = giftCardRecipientsSchema.safeParse(definition.recipients);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['recipients', ...issue.path] });
      } else if (parsed.data.length !== definition.quantity) {
        ctx.addIssue({ code: 'custom', message: gc.recipientsCount.id, path: ['recipients'] });
      }
    })
    .transform((definition) => ({
      ...definition,
      recipients: definition.shipping.mode === 'pdf' ? [] : giftCardRecipientsSchema.parse(definition.recipients),
    }));
export type GiftCardDefinitionInput = z.input<ReturnType<typeof giftCardDefinitionSchema>>;
export type GiftCardDefinition = z.output<ReturnType<typeof giftCardDefinitionSchema>>;

/** A card bought at `purchasedAt` is valid until the same day 6 months later (the month's last day when it has no such day). */
export function giftCardExpiry(purchasedAt: Date): Date {
  const expiry = new Date(purchasedAt);
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + GIFT_CARD_VALIDITY_MONTHS);
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}
