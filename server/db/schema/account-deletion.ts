import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What a deletion (docs/privacy.md, "Deleting an account") still owes a payment provider: a saved card to
 * remove, a Pix Automático recurrence to cancel. Written in the deletion's own transaction, performed after
 * it commits (a transaction never waits on the network) and retried by the `provider-cleanups` job until the
 * provider says done, so a crash between the commit and the call loses nothing.
 */
export const providerCleanups = pgTable(
  'provider_cleanups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The data_requests row (kind 'deletion') this is part of: its outcome counts the calls made. */
    requestId: uuid('request_id').notNull(),
    kind: text('kind', { enum: ['remove_saved_card', 'cancel_pix_recurrence'] }).notNull(),
    gateway: text('gateway').notNull(),
    /** The provider's reference: the saved card's token, or the recurrence's id. Cleared once done. */
    reference: text('reference'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('provider_cleanups_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
    index('provider_cleanups_request_idx').on(t.requestId),
  ],
);
