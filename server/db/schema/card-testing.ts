import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Card testing cut off (docs/payments.md, "Card testing"). Counted in the database, not in a node's memory,
 * so every API node sees the same bursts and the same guard; both databases run the same statements. The
 * declines of one campaign are its donations themselves (new card, failed or still unanswered, in the last
 * minute): only what the donations table cannot say is kept here.
 */

/**
 * A new card the gateway declined: the campaign it was for (its id, or '' for the general fund) and the card's
 * fingerprint (the provider's, or our keyed HMAC of BIN, last four and expiry: never the number), to see one
 * card tried on several campaigns. Written in the commit that records the decline; older than a day, swept.
 */
export const cardDeclines = pgTable(
  'card_declines',
  {
    fingerprint: text('fingerprint').notNull(),
    campaignKey: text('campaign_key').notNull(),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('card_declines_fingerprint_idx').on(t.fingerprint, t.declinedAt)],
);

/**
 * A campaign under a card-testing burst: until `guardedUntil` its new-card payments need a challenge (or are
 * admitted one per interval, `nextAdmissionAt`, without a challenge provider). `startedAt` is when this burst
 * began: the admins are told once per burst, when the row is opened (again after it lapsed).
 */
export const cardTestingGuards = pgTable('card_testing_guards', {
  campaignKey: text('campaign_key').primaryKey(),
  reason: text('reason', { enum: ['declines', 'fingerprint'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  guardedUntil: timestamp('guarded_until', { withTimezone: true }).notNull(),
  nextAdmissionAt: timestamp('next_admission_at', { withTimezone: true }),
});
