import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SYSTEM_ALERT_KINDS } from '../../../contracts/admin-system';

/**
 * One row per alert raised to the admins (docs/deploy.md, "Alerts"): a kind and what it is about (a provider, a
 * queue…). While it is open (`resolved_at` null) the same kind and subject are not raised again: the partial unique
 * index decides between two nodes evaluating at once, and only the insert that wins mails the admins. Once its
 * condition clears it is resolved; the same trouble later is a new alert, mailed again.
 */
export const systemAlerts = pgTable(
  'system_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SYSTEM_ALERT_KINDS }).notNull(),
    /** What the alert is about: the provider's or queue's name, the gateway, `ledger`, `backup`, `api-pix`. */
    subject: text('subject').notNull(),
    /** The figures the check saw the last time (counts, ages, group ids…), for the page to say in words. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    /** The last check that still saw the condition. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When the admins' mail was queued (in the raising transaction). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('system_alerts_open_unique')
      .on(t.kind, t.subject)
      .where(sql`${t.resolvedAt} is null`),
    index('system_alerts_raised_idx').on(t.raisedAt),
  ],
);
