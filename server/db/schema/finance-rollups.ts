import { bigint, date, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './money';

/**
 * The finances' daily rollups (docs/admin.md, "Finances"; issue 52): a São Paulo day of finance lines
 * summed once it is over, so a year's page reads a few rows a day instead of every ledger entry. Written
 * by the `finance-rollups` job only (services/finances/finance-rollups.ts), never by a donation: no row
 * here is shared by concurrent donations.
 *
 * A day is compacted when its row is in `finance_compacted_days`; its sums and that row are written in
 * one transaction, so a day is either all rollups or all ledger lines. The page reads the compacted days'
 * sums and the ledger's own lines for every other day of the period.
 */
export const financeCompactedDays = pgTable('finance_compacted_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** How many finance lines the day's sums hold (to check and to tell). */
  lines: integer('lines').notNull(),
  compactedAt: timestamp('compacted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A compacted day's finance lines summed per kind of line ('gross', 'refund', 'fee'), cause's account
 * and payment method: everything the page groups by (campaign and category are read from the account at
 * read time, as the scan did, so renaming a campaign or moving it to another category changes no sum).
 */
export const financeDaySums = pgTable(
  'finance_day_sums',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => financeCompactedDays.day, { onDelete: 'cascade' }),
    lineKind: text('line_kind', { enum: ['gross', 'refund', 'fee'] }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** The donation's payment method; null when the line has no donation. */
    method: text('method'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [
    // One row per day and dimensions: a second compaction of a day could not add its sums again.
    unique('finance_day_sums_unique').on(t.day, t.lineKind, t.accountId, t.method).nullsNotDistinct(),
  ],
);
