import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '../../../contracts/notifications';
import {
  SUBSCRIPTION_CHARGE_KINDS,
  SUBSCRIPTION_CHARGE_STATUSES,
  SUBSCRIPTION_PAYMENT_METHODS,
  SUBSCRIPTION_STATUSES,
} from '../../../contracts/subscriptions';
import { campaigns } from './campaigns';
import type { DonationContactRecord } from './contact-record';
import { savedCards, walletLots } from './money';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** A donor's monthly giving (contracts/subscriptions.ts). One that is not canceled per donor. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    /** 'card' (charged by the card provider each month) or 'pix_automatico' (debited by the donor's bank, docs/payments.md). */
    paymentMethod: text('payment_method', { enum: SUBSCRIPTION_PAYMENT_METHODS }).notNull().default('card'),
    /** Pix Automático: the bank's idRec of the recurrence the donor authorises once. */
    pixRecurrenceId: text('pix_recurrence_id'),
    /** Pix Automático, while the donor has not authorised yet: the combined QR (first month + recurrence) and its expiry. */
    pixAuthorization: jsonb('pix_authorization').$type<{ br_code: string; expires_at: string }>(),
    /** The day of the month it was created on (1–31), in America/Sao_Paulo; shorter months use their last day. */
    billingDay: integer('billing_day').notNull(),
    /** Due date of the month being charged (the cycle); a retry keeps it and moves next_charge_at. */
    currentPeriodStart: at('current_period_start').notNull(),
    /** When the charge job next acts on it; null when paused or canceled. */
    nextChargeAt: at('next_charge_at'),
    retryCount: integer('retry_count').notNull().default(0),
    contact: jsonb('contact').$type<DonationContactRecord>().notNull(),
    address: jsonb('address').$type<Record<string, string>>().notNull(),
    locale: text('locale', { enum: ['pt', 'en', 'es'] })
      .notNull()
      .default('pt'),
    pausedAt: at('paused_at'),
    canceledAt: at('canceled_at'),
    /** 'donor', 'link' (the e-mail's cancel link), 'payment_failed' (retries ran out). */
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_pix_recurrence_unique').on(t.pixRecurrenceId),
    uniqueIndex('subscriptions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} <> 'canceled'`),
    index('subscriptions_due_idx')
      .on(t.nextChargeAt)
      .where(sql`${t.nextChargeAt} is not null`),
    check('subscriptions_amount_positive', sql`${t.amountCents} > 0`),
    check('subscriptions_billing_day', sql`${t.billingDay} between 1 and 31`),
  ],
);

/**
 * One attempt to charge a month. (subscription, period, attempt) is unique, so the job running twice
 * charges once; the gateway's answer is written before the wallet is credited (like donations).
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: at('period_start').notNull(),
    attempt: integer('attempt').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: SUBSCRIPTION_CHARGE_STATUSES }).notNull().default('processing'),
    gateway: text('gateway').notNull(),
    /** 'card'; with Pix Automático, 'pix_cob' (the first month, paid with the authorisation) or 'pix_cobr' (a month the bank debits). */
    kind: text('kind', { enum: SUBSCRIPTION_CHARGE_KINDS }).notNull().default('card'),
    /** When the provider was last asked about this charge and said it was still pending (Pix debits wait for their due date). */
    checkedAt: at('checked_at'),
    /**
     * A Pix Automático debit the bank refused (4xx) or that could not be made: the request's fingerprint, so the
     * same request is not sent again until something in it changes (docs/payments.md), with the reason.
     */
    debitRefusal: jsonb('debit_refusal').$type<{ request: string; reason: string; at: string }>(),
    gatewayRef: text('gateway_ref'),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The wallet lot the charge became. */
    lotId: uuid('lot_id').references(() => walletLots.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('subscription_charges_attempt_unique').on(t.subscriptionId, t.periodStart, t.attempt),
    index('subscription_charges_user_idx').on(t.userId, t.createdAt),
    check('subscription_charges_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Per-donor settings of the wallet: the cause unused credit goes to (null: Semear decides, docs/design.md §6). */
export const donorSettings = pgTable('donor_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoDonationCampaignId: uuid('auto_donation_campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Notification preferences (docs/spec.md §3: types and channels). No row: every type, in-app and by
 * e-mail (the defaults). In-app notifications of a muted type are not created; e-mail follows both lists.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  types: text('types', { enum: NOTIFICATION_TYPES }).array().notNull(),
  channels: text('channels', { enum: NOTIFICATION_CHANNELS }).array().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionChargeRow = typeof subscriptionCharges.$inferSelect;
