import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, donations } from './money';

import { REFUND_STATUSES } from '../../../contracts/admin-donations';

export { REFUND_STATUSES };
export type { RefundStatus } from '../../../contracts/admin-donations';

/**
 * A refund an admin asked for (docs/admin.md): all or part of a confirmed donation, never more in all
 * than was captured (awaiting and processing ones hold their amount). Above the approval threshold a
 * second admin decides. Its money goes back through the ledger in group 'refund:<id>'.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** The Idempotency-Key of the request that asked for it: a retry answers the same refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    decidedBy: uuid('decided_by'),
    gatewayRef: text('gateway_ref'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.requestedBy, t.idempotencyKey),
    index('refunds_donation_idx').on(t.donationId),
    index('refunds_status_idx').on(t.status),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
