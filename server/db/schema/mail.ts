import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { MAIL_STATUSES } from '../../../contracts/admin-donations';

/** bounced: the receiving server refused the address for good (never retried; a gift card's buyer corrects it). */
export { MAIL_STATUSES };

/**
 * Outgoing mail is written here in the same transaction as the change that causes it, and a job
 * sends it, so a crash never loses a message nor sends one for a change that rolled back. Person-to-person
 * mail goes before bulk mail, so a reset link never waits behind a batch of thousands of cards.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    /** 0 person to person (a reset link, an invitation, a receipt), 1 bulk (a batch's cards): lower goes first. */
    priority: smallint('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.priority, t.nextAttemptAt)],
);
