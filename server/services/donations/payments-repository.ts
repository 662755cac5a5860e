import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { donations, payments, type PaymentStatus } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { reusedQueryPerShape } from '../../db/reused-query';

/** The payments table: one attempt to collect a donation (docs/ledger.md). Reads and moves of its rows. */
export type PaymentRow = typeof payments.$inferSelect;

/** Payments that never reach a gateway: gift cards and the wallet move money inside our ledger. */
export const INTERNAL_GATEWAY = 'internal';

export async function findPayment(executor: Executor, paymentId: string, gateway?: string): Promise<PaymentRow | null> {
  const [payment] = await executor
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), gateway === undefined ? undefined : eq(payments.gateway, gateway)));
  return payment ?? null;
}

/** The payment, locked for the rest of the transaction. */
export async function lockPayment(tx: Executor, paymentId: string): Promise<PaymentRow | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return payment ?? null;
}

/** One statement per kind of move: which columns it sets, from which statuses, whether it checks the time. */
const paymentMove = reusedQueryPerShape<string, Record<string, unknown>, PaymentRow[]>((shape) => {
  const [columns, from, guarded] = shape.split('|') as [string, string, string];
  return (tx, value) =>
    tx
      .update(payments)
      .set(Object.fromEntries(columns.split(',').map((column) => [column, value(column)])))
      .where(
        and(
          eq(payments.id, value('paymentId')),
          inArray(payments.status, from.split(',') as PaymentStatus[]),
          guarded ? lte(payments.updatedAt, value('unchangedSince')) : undefined,
        ),
      )
      .returning();
});

/**
 * Moves a payment that is still in one of `from` (and, with `unchangedSince`, untouched since then);
 * null when it had moved on already, so a late or repeated answer changes nothing.
 */
export async function movePayment(
  tx: Executor,
  paymentId: string,
  from: PaymentStatus[],
  set: Partial<PaymentRow>,
  now: Date,
  unchangedSince?: Date,
): Promise<PaymentRow | null> {
  const values: Record<string, unknown> = { ...set, updatedAt: now };
  const columns = Object.keys(values).filter((column) => values[column] !== undefined);
  const shape = `${columns.join(',')}|${from.join(',')}|${unchangedSince ? 'guarded' : ''}`;
  const [row] = await paymentMove(shape, tx, { ...values, paymentId, unchangedSince: unchangedSince?.toISOString() });
  return row ?? null;
}

/** A payment inside our ledger (gift card, wallet) succeeds at its first and only attempt. */
export async function markInternalPaymentSucceeded(tx: Executor, paymentId: string, now: Date): Promise<void> {
  await tx.update(payments).set({ status: 'succeeded', attempts: 1, updatedAt: now }).where(eq(payments.id, paymentId));
}

export async function markPaymentRefunded(tx: Executor, paymentId: string, now: Date): Promise<void> {
  await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, paymentId));
}

/** Touches a payment still 'processing' (null when it is not): reconciliation leaves a recently touched one alone. */
export async function holdProcessingPayment(db: Database, paymentId: string, now: Date): Promise<PaymentRow | null> {
  const [held] = await db
    .update(payments)
    .set({ updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')))
    .returning();
  return held ?? null;
}

/** Gateway payments still 'processing' and untouched since `before`, the oldest first. */
export async function staleProcessingPayments(db: Database, before: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'processing'), lt(payments.updatedAt, before), ne(payments.gateway, INTERNAL_GATEWAY)))
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/** Pending payments past their expiry, the first to expire first. */
export async function overduePendingPayments(db: Database, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), isNotNull(payments.expiresAt), lt(payments.expiresAt, now)))
    .orderBy(asc(payments.expiresAt))
    .limit(limit);
}

/** Succeeded payments whose donation is not confirmed yet (a crash before step 4). */
export async function succeededPaymentsOfOpenDonations(db: Database, limit: number): Promise<Array<{ id: string }>> {
  return db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(donations, eq(donations.id, payments.donationId))
    .where(and(eq(payments.status, 'succeeded'), inArray(donations.status, ['pending', 'expired', 'failed'])))
    .limit(limit);
}

/**
 * Open payments whose last check (or creation) is before `before`, each claimed by stamping
 * checked_at first: another node running the same pass skips it, and a lookup that fails waits its turn.
 */
export async function claimOpenPaymentsToCheck(db: Database, now: Date, before: Date, limit: number): Promise<PaymentRow[]> {
  const due = and(or(isNull(payments.checkedAt), lt(payments.checkedAt, before)), eq(payments.status, 'pending'));
  const candidates = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        due,
        ne(payments.gateway, INTERNAL_GATEWAY),
        lt(payments.createdAt, before),
        or(isNull(payments.expiresAt), gte(payments.expiresAt, now)),
      ),
    )
    .orderBy(sql`coalesce(${payments.checkedAt}, ${payments.createdAt})`)
    .limit(limit);
  const claimed: PaymentRow[] = [];
  for (const { id } of candidates) {
    const [row] = await db
      .update(payments)
      .set({ checkedAt: now })
      .where(and(eq(payments.id, id), due))
      .returning();
    if (row) claimed.push(row);
  }
  return claimed;
}
