import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    locale: text('locale'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the browser saw the page; created_at is when the batch reached us. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_occurred_at_idx').on(t.occurredAt)],
);
