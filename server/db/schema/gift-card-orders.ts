import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GIFT_CARD_ORDER_KINDS, GIFT_CARD_ORDER_STATUSES, type GiftCardOrderRecipient } from '../../../contracts/gift-card-orders';
import { GIFT_CARD_SHIPPING_MODES, GIFT_CARD_TEMPLATES } from '../../../contracts/gift-card-definition';
import { PAYMENT_METHODS } from '../../../contracts/donations';
import type { DonationContactRecord } from './contact-record';
import { users } from './users';

/**
 * One purchase of gift cards (docs/gift-cards.md): the definition as the buyer confirmed it, who pays
 * and how. Its payment is a row of `payments` (gift_card_order_id); once paid its cards are issued,
 * one row of `gift_cards` each (order_id), and delivered at `send_at` (null: at once).
 */
export const giftCardOrders = pgTable(
  'gift_card_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** personal (up to 20, issued with the payment) or corporate (a batch, issued by a job after it). */
    kind: text('kind', { enum: GIFT_CARD_ORDER_KINDS }).notNull().default('personal'),
    status: text('status', { enum: GIFT_CARD_ORDER_STATUSES }).notNull().default('pending'),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    template: text('template', { enum: GIFT_CARD_TEMPLATES }).notNull(),
    message: text('message').notNull(),
    sender: text('sender').notNull(),
    shippingMode: text('shipping_mode', { enum: GIFT_CARD_SHIPPING_MODES }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** One per card by e-mail, in the buyer's order; empty for a PDF. */
    recipients: jsonb('recipients').$type<GiftCardOrderRecipient[]>().notNull().default([]),
    /** The company's logo on its cards (POST /gift-card-logos), from 100 cards. */
    logoId: uuid('logo_id'),
    /** Cards issued so far (positions 0 to issued_count - 1): a batch's progress. */
    issuedCount: integer('issued_count').notNull().default(0),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    contact: jsonb('contact').$type<DonationContactRecord>().notNull(),
    address: jsonb('address').$type<Record<string, string> | null>(),
    locale: text('locale', { enum: ['pt', 'en', 'es'] })
      .notNull()
      .default('pt'),
    /** SHA-256 of the receipt token the buyer got: whoever holds it may read the order. */
    receiptTokenHash: text('receipt_token_hash').notNull(),
    /**
     * The buyer's draft this order pays for (the checkout's id for one definition, copied with a
     * duplicated tab): one draft is one order, so a second payment for it is refused (docs/gift-cards.md).
     */
    draftId: uuid('draft_id'),
    /** The printable cards' PDF as last built (cards-pdf-file.ts): its key names the cards it holds, so a change builds a new one. */
    cardsPdfKey: text('cards_pdf_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('gift_card_orders_user_idx').on(t.userId, t.createdAt),
    index('gift_card_orders_draft_idx')
      .on(t.draftId)
      .where(sql`${t.draftId} is not null`),
    index('gift_card_orders_issuing_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid' and ${t.issuedCount} < ${t.quantity}`),
    check('gift_card_orders_total', sql`${t.totalCents} = ${t.valueCents} * ${t.quantity} and ${t.quantity} > 0 and ${t.valueCents} > 0`),
  ],
);

/**
 * A recipients spreadsheet kept for a corporate order (POST /gift-card-recipient-sheets): its recipients
 * live in storage under `sheets/<owner>/<id>.json` (names and e-mails) only for a day — an order copies
 * them into its own row — and the `recipient-sheets` job deletes the file and this row after that.
 */
export const recipientSheets = pgTable(
  'recipient_sheets',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipient_sheets_created_idx').on(t.createdAt)],
);
