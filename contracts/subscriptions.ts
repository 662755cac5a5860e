import { z } from 'zod';
import { plainText } from './plain-text';
import { CARD_BRANDS } from './cards';
import { MONTHLY_MAX_CENTS, MONTHLY_MIN_CENTS } from './constants';
import { ADDRESS_EXAMPLE, CONTACT_EXAMPLE, checkoutAddressSchema, contactSchema } from './donations';
import { givingMessages as gm } from './giving-messages';

/**
 * Monthly giving (docs/spec.md §1, §9): the card is charged once a month, on the day the donor
 * subscribed (the last day of shorter months), and each charge becomes wallet credit for that month.
 * A failed charge makes the subscription past_due and is retried; paused skips months; canceled ends.
 */
export const SUBSCRIPTION_STATUSES = ['awaiting_authorization', 'active', 'past_due', 'paused', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * How the months are paid: by card, or by Pix Automático (the donor authorises a recurrence once in their
 * bank app, paying the first month with it; their bank then debits each month on the due date).
 * 'awaiting_authorization' is a Pix Automático subscription whose first month and authorisation are not paid yet.
 */
export const SUBSCRIPTION_PAYMENT_METHODS = ['card', 'pix_automatico'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];
export const SUBSCRIPTION_CHARGE_KINDS = ['card', 'pix_cob', 'pix_cobr'] as const;
export type SubscriptionChargeKind = (typeof SUBSCRIPTION_CHARGE_KINDS)[number];

export const SUBSCRIPTION_CHARGE_STATUSES = ['processing', 'succeeded', 'failed'] as const;
/** The failure code a month's charge shows while the NGO's bank refuses its Pix Automático debit (the donor owes nothing). */
export const PIX_DEBIT_NOT_ACCEPTED = 'pix.debit_not_accepted';
export type SubscriptionChargeStatus = (typeof SUBSCRIPTION_CHARGE_STATUSES)[number];

export const monthlyAmountSchema = z
  .number({ error: gm.amountRequired.id })
  .int({ error: gm.amountWholeCents.id })
  .min(MONTHLY_MIN_CENTS, { error: gm.amountTooLow.id })
  .max(MONTHLY_MAX_CENTS, { error: gm.amountTooHigh.id });

/**
 * A monthly subscription is paid by a new card (kept as a token for the next months), a saved one, or by
 * Pix Automático where the PIX provider offers it (the donor's CPF or CNPJ from the contact is required).
 */
export const subscriptionPaymentSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('card'), card_token: plainText().trim().min(1, { error: gm.cardTokenInvalid.id }).max(200) }),
    z.object({ method: z.literal('saved_card'), card_id: z.uuid({ error: gm.savedCardNotFound.id }) }),
    z.object({ method: z.literal('pix_automatico') }),
  ],
  { error: gm.paymentMethodInvalid.id },
);

/** POST /subscriptions (Idempotency-Key): signed-in donors only; the first month is charged at once. */
export const subscriptionRequestSchema = z
  .object({
    amount: monthlyAmountSchema,
    payment: subscriptionPaymentSchema,
    contact: contactSchema,
    address: checkoutAddressSchema,
  })
  .meta({ examples: [{ amount: 5000, payment: { method: 'pix_automatico' }, contact: CONTACT_EXAMPLE, address: ADDRESS_EXAMPLE }] });
export type SubscriptionRequestInput = z.input<typeof subscriptionRequestSchema>;
export type SubscriptionRequest = z.output<typeof subscriptionRequestSchema>;

export const subscriptionCardSchema = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Cents per month. */
  amount: z.number().int(),
  payment_method: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  card: subscriptionCardSchema.nullable(),
  /**
   * Pix Automático awaiting authorisation: the combined QR (its "copia e cola" and the PNG) the donor pays in
   * their bank app, which pays the first month and authorises the next ones; null otherwise.
   */
  pix_authorization: z.object({ br_code: z.string(), qr_code: z.string(), expires_at: z.string() }).nullable(),
  /** Day of the month the donor subscribed on (1–31); shorter months use their last day. */
  billing_day: z.number().int().min(1).max(31),
  /** When the next charge (or retry) is due; null when paused or canceled. */
  next_charge_at: z.string().nullable(),
  /** Failed attempts for the current month (0–3); retries run 1, 3 and 7 days after the due date. */
  retry_count: z.number().int(),
  created_at: z.string(),
  paused_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionChargeSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_CHARGE_STATUSES),
  amount: z.number().int(),
  /** The month this charge pays for (its due date). */
  period_start: z.string(),
  attempt: z.number().int(),
  failure_code: z.string().nullable(),
  card_brand: z.enum(CARD_BRANDS).nullable(),
  card_last4: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionCharge = z.infer<typeof subscriptionChargeSchema>;

/** 201 of POST /subscriptions: the subscription and its first charge (failed: nothing was created but the charge record). */
export const subscriptionResultSchema = z.object({ subscription: subscriptionSchema, charge: subscriptionChargeSchema });
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;

/**
 * GET /subscriptions/current: the donor's subscription that is not canceled, else the last one that
 * ran and was canceled (null when none), and its latest charges, newest first (at most 12).
 */
export const currentSubscriptionSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  charges: z.array(subscriptionChargeSchema),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

/**
 * GET and POST /subscriptions/cancel-by-link: what the link's page shows before and after it is used.
 * No sign-in, so only the amount and status: no card, no contact, nothing a forwarded e-mail should reveal.
 */
export const cancelLinkAnswerSchema = z.object({
  subscription: z.object({ amount: z.number().int(), status: z.enum(SUBSCRIPTION_STATUSES) }),
});
export type CancelLinkAnswer = z.infer<typeof cancelLinkAnswerSchema>;
export type CancelLinkSubscription = CancelLinkAnswer['subscription'];

/** PATCH /subscriptions/{id}: a new monthly amount and/or another saved card. */
export const subscriptionPatchSchema = z
  .object({ amount: monthlyAmountSchema.optional(), card_id: z.uuid({ error: gm.savedCardNotFound.id }).optional() })
  .refine((p) => p.amount !== undefined || p.card_id !== undefined, { error: gm.amountRequired.id })
  .meta({ anyOf: [{ required: ['amount'] }, { required: ['card_id'] }] });
export type SubscriptionPatch = z.infer<typeof subscriptionPatchSchema>;

/** POST /subscriptions/cancel-by-link: the signed token of a monthly e-mail's cancel link (no sign-in). */
export const cancelByLinkSchema = z.object({ token: plainText().min(10).max(500) });
