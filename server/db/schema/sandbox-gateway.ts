import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { REFUND_FAILURE_CODES } from '../../../contracts/admin-donations';

/**
 * The embedded sandbox gateway plays the payment provider (docs/design.md §7), so these tables are the
 * provider's, not our API's: nothing outside server/services/payments/sandbox reads them. They share
 * the database only because the sandbox runs in the same process. No card number or CVV is ever kept:
 * a token records the outcome the sandbox will give, and what a card list shows.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `refund_fails`: the charge goes through, a refund of it is refused (the card was closed since, like Stripe's 4000…5126). */
export const SANDBOX_CARD_OUTCOMES = ['approve', 'decline', 'insufficient_funds', 'refund_fails'] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

/** `tok_...` one-time tokens from the browser (15 minutes, one charge) and reusable `card_...` tokens of saved cards. */
export const sandboxCardTokens = pgTable(
  'sandbox_card_tokens',
  {
    token: text('token').primaryKey(),
    kind: text('kind', { enum: ['one_time', 'reusable'] }).notNull(),
    outcome: text('outcome', { enum: SANDBOX_CARD_OUTCOMES }).notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** The first six digits, which a provider tells about a token (Mercado Pago's first_six_digits); null on older rows. */
    bin: text('bin'),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    /** Reusable tokens: the customer they were saved for, and the one-time token they came from. */
    customerRef: text('customer_ref'),
    sourceToken: text('source_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_card_tokens_source_unique')
      .on(t.sourceToken, t.customerRef)
      .where(sql`${t.sourceToken} is not null`),
  ],
);

export const SANDBOX_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired', 'refunded'] as const;
export type SandboxPaymentStatus = (typeof SANDBOX_PAYMENT_STATUSES)[number];

/** Every charge, PIX charge and PayPal order, keyed by the caller's idempotency key (our payment id). */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** The gateway reference: `ch_...` for cards, the txid for PIX, `PAY-...` for PayPal. */
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: ['card', 'pix', 'paypal'] }).notNull(),
    status: text('status', { enum: SANDBOX_PAYMENT_STATUSES }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    failureCode: text('failure_code'),
    cardToken: text('card_token'),
    brand: text('brand'),
    last4: text('last4'),
    brCode: text('br_code'),
    returnUrl: text('return_url'),
    cancelUrl: text('cancel_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_idempotency_unique').on(t.idempotencyKey),
    check('sandbox_payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Refunds (full or in parts), keyed by the caller's idempotency key; a refused one keeps its reason. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: text('payment_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    /** Why a refund was refused (contracts REFUND_FAILURE_CODES); null when it succeeded. */
    failureCode: text('failure_code', { enum: REFUND_FAILURE_CODES }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_refunds_idempotency_unique').on(t.idempotencyKey)],
);

/** Events the sandbox announces by signed webhook; kept until delivered (retried with backoff). */
export const sandboxWebhookEvents = pgTable(
  'sandbox_webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    paymentId: text('payment_id').notNull(),
    /** The exact JSON that is signed and sent; a retry sends the same bytes with a fresh signature. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_webhook_events_payment_idx').on(t.paymentId),
    index('sandbox_webhook_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    // One succeeded/failed/expired/refunded event per payment, however many requests race to announce it.
    uniqueIndex('sandbox_webhook_events_once').on(t.paymentId, t.type),
  ],
);

/** Each delivery attempt of an event: the status our endpoint answered, or the error. */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_webhook_deliveries_event_idx').on(t.eventId)],
);
