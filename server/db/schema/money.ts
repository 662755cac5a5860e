import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WALLET_LOT_ORIGINS } from '../../../contracts/wallet';
import { LEDGER_ACCOUNT_KINDS, LEDGER_GROUP_KINDS, type LedgerAccountKind, type LedgerGroupKind } from '../../../contracts/ledger';
import { DONATION_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../contracts/donations';
import type { DonationContactRecord } from './contact-record';
import { campaigns } from './campaigns';
import { users } from './users';
import { giftCardOrders } from './gift-card-orders';
import { mailOutbox } from './mail';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * Ledger accounts (docs/design.md §6). One row per (kind, owner): a donor's wallet, a campaign, a gift
 * card, the gateway's clearing account, the general fund and platform fees. An account's balance is
 * the sum of its entries; money moves from the account that gives (negative entry) to the one that
 * receives (positive entry), so a campaign's raised amount and a wallet's balance are positive sums
 * and the clearing account mirrors the money that came in from outside.
 */
export { LEDGER_ACCOUNT_KINDS, type LedgerAccountKind };

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** The owner's id (user, campaign, gift card) or a name ('sandbox' for a gateway); '' for singletons. */
    ownerKey: text('owner_key').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_accounts_owner_unique').on(t.kind, t.ownerKey)],
);

export { LEDGER_GROUP_KINDS, type LedgerGroupKind };

/** A balanced movement: its entries sum to zero, checked by a deferred trigger at commit. */
export const ledgerGroups = pgTable(
  'ledger_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_GROUP_KINDS }).notNull(),
    /** Makes a movement happen once: e.g. 'donation:<id>', 'refund:<id>'. */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_groups_reference_unique').on(t.reference),
    // The finances read a period in time order, a page after the last line read (finance-pages.ts): on
    // PGlite, which runs in the server's thread, a page must cost its own rows, not a scan of every group.
    index('ledger_groups_created_at_idx').on(t.createdAt, t.id),
  ],
);

export { WALLET_LOT_ORIGINS } from '../../../contracts/wallet';
export type WalletLotOrigin = (typeof WALLET_LOT_ORIGINS)[number];

/** Wallet credit comes in lots with an origin and an expiry; spending takes the lot that expires first. */
export const walletLots = pgTable(
  'wallet_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    origin: text('origin', { enum: WALLET_LOT_ORIGINS }).notNull(),
    /** What the lot came from (a gift card id, a subscription charge id...). */
    sourceRef: text('source_ref'),
    amountCents: cents('amount_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_lots_user_expiry_idx').on(t.userId, t.expiresAt), check('wallet_lots_amount_positive', sql`${t.amountCents} > 0`)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => ledgerGroups.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed cents: positive receives, negative gives. */
    amountCents: cents('amount_cents').notNull(),
    /** For donor-wallet entries: the lot the money came into or out of. */
    lotId: uuid('lot_id').references(() => walletLots.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_group_idx').on(t.groupId),
    index('ledger_entries_lot_idx')
      .on(t.lotId)
      .where(sql`${t.lotId} is not null`),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export type { DonationStatus, PaymentMethod as PaymentMethodName } from '../../../contracts/donations';

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null: the general fund (a PIX gift from /doacao-pix without a campaign). */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: DONATION_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    message: text('message'),
    contact: jsonb('contact').$type<DonationContactRecord>().notNull(),
    address: jsonb('address').$type<Record<string, string> | null>(),
    /** The campaign whose share link brought the donor (?shared_campaign_id). */
    sharedCampaignId: text('shared_campaign_id'),
    /** The donor's language at checkout: a receipt confirmed later (webhook, reconciliation) uses it. */
    locale: text('locale', { enum: ['pt', 'en', 'es'] })
      .notNull()
      .default('pt'),
    /** SHA-256 of the receipt token the creator got: whoever holds it may read the donation. */
    receiptTokenHash: text('receipt_token_hash').notNull(),
    /**
     * Set on automatic donations of unused or expired credit (docs/design.md §6): 'lot:<wallet lot id>' or
     * 'gift_card:<id>'. Unique, so a job that runs twice donates once.
     */
    automaticSource: text('automatic_source'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('donations_campaign_status_idx').on(t.campaignId, t.status, t.confirmedAt),
    index('donations_user_idx').on(t.userId, t.createdAt),
    // The admins' list and its export read newest first, a page after the last row (a cursor): by this index, not a sort of every donation.
    index('donations_created_idx').on(t.createdAt, t.id),
    uniqueIndex('donations_automatic_source_unique')
      .on(t.automaticSource)
      .where(sql`${t.automaticSource} is not null`),
    check('donations_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One attempt to collect a donation through a gateway (or from a gift card or wallet). The gateway's
 * answer is written here before any ledger movement, so a crash in between is reconciled, not lost.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the payment pays for: a donation or a gift-card order (exactly one). */
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'restrict' }),
    giftCardOrderId: uuid('gift_card_order_id').references(() => giftCardOrders.id, { onDelete: 'restrict' }),
    gateway: text('gateway').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('processing'),
    amountCents: cents('amount_cents').notNull(),
    /** The gateway's id for the charge / PIX txid / PayPal order. */
    gatewayRef: text('gateway_ref'),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    pixBrCode: text('pix_br_code'),
    approveUrl: text('approve_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When reconciliation last asked the gateway about this open payment (a lost webhook is caught while it is open). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_donation_idx').on(t.donationId),
    index('payments_gift_card_order_idx')
      .on(t.giftCardOrderId)
      .where(sql`${t.giftCardOrderId} is not null`),
    check('payments_one_purchase', sql`(${t.donationId} is null) <> (${t.giftCardOrderId} is null)`),
    uniqueIndex('payments_gateway_ref_unique')
      .on(t.gateway, t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
    index('payments_open_idx').on(t.status, t.updatedAt),
    index('payments_open_check_idx').on(t.status, t.checkedAt),
  ],
);

/** Idempotency-Key records (docs/design.md §5): the first answer is kept and replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 'user:<id>' or 'guest', plus the route, so two people's keys never collide. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The process doing the work, and until when its claim holds unless renewed (a crash lets it run out). */
    owner: text('owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key_unique').on(t.scope, t.key)],
);

/** Cards a signed-in donor chose to keep: only the gateway's token, brand, last four and expiry. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    /** The card checkouts offer first and a new subscription uses; at most one per donor. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId), uniqueIndex('saved_cards_token_unique').on(t.gateway, t.gatewayToken)],
);

export const GIFT_CARD_STATUSES = ['active', 'redeemed', 'expired', 'cancelled'] as const;

/** A gift card: a UUID code with a value; its balance is its ledger account (docs/design.md §8). */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: uuid('code').notNull().defaultRandom(),
    valueCents: cents('value_cents').notNull(),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    template: text('template'),
    status: text('status', { enum: GIFT_CARD_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last expiry reminder sent: 30 or 7 (days before), null before the first (remind-expiring.ts). */
    lastReminderDays: integer('last_reminder_days'),
    /** The order that bought it (null: demo and test cards); its place in that order. */
    orderId: uuid('order_id').references(() => giftCardOrders.id, { onDelete: 'restrict' }),
    position: integer('position'),
    /** When its e-mail goes to the recipient (a scheduled delivery may move until then); null: never by e-mail (PDF). */
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** When its delivery e-mail was queued; a corrected address queues it again. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** That e-mail in the outbox: its status says whether the address bounced. */
    deliveryMailId: uuid('delivery_mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_unique').on(t.code),
    check('gift_cards_value_positive', sql`${t.valueCents} > 0`),
    uniqueIndex('gift_cards_order_position_unique')
      .on(t.orderId, t.position)
      .where(sql`${t.orderId} is not null`),
    index('gift_cards_undelivered_idx')
      .on(t.deliverAt)
      .where(sql`${t.deliveredAt} is null and ${t.deliverAt} is not null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    /** Makes a notice happen once (e.g. 'credit_expiring:<lot id>'); null for ordinary ones. */
    dedupeKey: text('dedupe_key'),
    /**
     * false: the donor had in-app notifications off; the row only remembers that the notice was given
     * (its dedupe key) and is never listed.
     */
    inApp: boolean('in_app').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.read, t.createdAt),
    uniqueIndex('notifications_dedupe_unique')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);
