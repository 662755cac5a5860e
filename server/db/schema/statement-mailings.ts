import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The January e-mail of last year's statement (docs/privacy.md, "Statement delivery"): one row per donor and
 * year, inserted in the transaction that queues the mail, so two nodes or a restarted job send it once.
 */
export const statementMailings = pgTable(
  'statement_mailings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** The net total the mail stated, in cents. */
    totalCents: integer('total_cents').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);
