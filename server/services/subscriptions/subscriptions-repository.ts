import { and, asc, desc, eq, exists, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { savedCards, subscriptionCharges, subscriptions, type SubscriptionChargeRow, type SubscriptionRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { SavedCardRow } from '../contributions/saved-cards-repository';

/** The subscriptions and subscription_charges tables (docs/monthly-giving.md); the states they move through are the services'. */

/** Subscriptions the charge job acts on (one awaiting its Pix Automático authorisation: to find its QR paid or expired). */
export const BILLABLE_STATUSES = ['awaiting_authorization', 'active', 'past_due'] as const;

/** Days before its due date a Pix Automático month is claimed, to send its debit in time (pix-automatico.ts). */
export const PIX_DEBIT_LEAD_DAYS = 3;

/** Due by `now`: a card month on its date, a Pix Automático month PIX_DEBIT_LEAD_DAYS before it. */
const dueBy = (now: Date): SQL =>
  sql`${subscriptions.nextChargeAt} <= case when ${subscriptions.paymentMethod} = 'pix_automatico' and ${subscriptions.status} <> 'awaiting_authorization' then ${now}::timestamptz + make_interval(days => ${PIX_DEBIT_LEAD_DAYS}) else ${now}::timestamptz end`;

export async function findSubscription(executor: Executor, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row ?? null;
}

/** The subscription running on a Pix Automático recurrence (the bank's idRec), if any. */
export async function subscriptionOfRecurrence(executor: Executor, recurrenceId: string): Promise<SubscriptionRow | null> {
  const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.pixRecurrenceId, recurrenceId));
  return row ?? null;
}

/** The subscription, locked for the rest of the transaction; with `userId`, only when it is that donor's. */
export async function lockSubscription(tx: Executor, subscriptionId: string, userId?: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), userId === undefined ? undefined : eq(subscriptions.userId, userId)))
    .for('update');
  return row ?? null;
}

/** The subscription with its card (removed or not), or null. */
export async function findSubscriptionWithCard(
  executor: Executor,
  subscriptionId: string,
): Promise<{ sub: SubscriptionRow; card: SavedCardRow | null } | null> {
  const [found] = await executor
    .select({ sub: subscriptions, card: savedCards })
    .from(subscriptions)
    .leftJoin(savedCards, eq(savedCards.id, subscriptions.savedCardId))
    .where(eq(subscriptions.id, subscriptionId));
  return found ?? null;
}

/** The donor's subscription that is not canceled, if any (there is at most one). */
export async function openSubscriptionOf(executor: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * What the donor's wallet page shows: the open subscription, else the last one that ran (had a paid
 * month) and was canceled, so the page can say when it ended. A first charge that was declined never
 * started a subscription: it is not shown.
 */
export async function currentSubscriptionOf(executor: Executor, userId: string): Promise<SubscriptionRow | null> {
  const open = await openSubscriptionOf(executor, userId);
  if (open) return open;
  const paid = executor
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptions.id), eq(subscriptionCharges.status, 'succeeded')));
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), exists(paid)))
    .orderBy(desc(subscriptions.canceledAt), desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Null when it was not written (the one-open-subscription index turns a second one away with an error). */
export async function insertSubscription(tx: Executor, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow | null> {
  const [sub] = await tx.insert(subscriptions).values(values).returning();
  return sub ?? null;
}

/** Writes what `set` says on the subscription; null when there is no such subscription. */
export async function updateSubscription(
  tx: Executor,
  subscriptionId: string,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow | null> {
  const [row] = await tx.update(subscriptions).set(set).where(eq(subscriptions.id, subscriptionId)).returning();
  return row ?? null;
}

/** A billable subscription due by `now`, locked; null when it is not due or another run holds it (skip locked). */
export async function lockDueSubscription(tx: Executor, subscriptionId: string, now: Date): Promise<SubscriptionRow | null> {
  const [found] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), inArray(subscriptions.status, [...BILLABLE_STATUSES]), dueBy(now)))
    .for('update', { skipLocked: true });
  return found ?? null;
}

/** Ids of billable subscriptions due by `now`, after `after` in id order (a page of the charge job). */
export async function dueSubscriptionIds(
  executor: Executor,
  now: Date,
  after: string | null,
  limit: number,
): Promise<Array<{ id: string }>> {
  return executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, [...BILLABLE_STATUSES]), dueBy(now), after ? gt(subscriptions.id, after) : undefined))
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}

export async function findCharge(executor: Executor, chargeId: string): Promise<SubscriptionChargeRow | null> {
  const [charge] = await executor.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, chargeId));
  return charge ?? null;
}

export async function lockCharge(tx: Executor, chargeId: string): Promise<SubscriptionChargeRow | null> {
  const [charge] = await tx.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, chargeId)).for('update');
  return charge ?? null;
}

export async function insertCharge(tx: Executor, values: typeof subscriptionCharges.$inferInsert): Promise<SubscriptionChargeRow | null> {
  const [charge] = await tx.insert(subscriptionCharges).values(values).returning();
  return charge ?? null;
}

/** The attempt's row when this call wrote it; null when it exists already (someone else claimed it). */
export async function insertChargeUnlessClaimed(
  tx: Executor,
  values: typeof subscriptionCharges.$inferInsert,
): Promise<SubscriptionChargeRow | null> {
  const [inserted] = await tx.insert(subscriptionCharges).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The charge of one attempt at one month. */
export async function findChargeAttempt(
  executor: Executor,
  attempt: { subscriptionId: string; periodStart: Date; attempt: number },
): Promise<SubscriptionChargeRow | null> {
  const [existing] = await executor
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, attempt.subscriptionId),
        eq(subscriptionCharges.periodStart, attempt.periodStart),
        eq(subscriptionCharges.attempt, attempt.attempt),
      ),
    );
  return existing ?? null;
}

export async function updateCharge(tx: Executor, chargeId: string, set: Partial<typeof subscriptionCharges.$inferInsert>): Promise<void> {
  await tx.update(subscriptionCharges).set(set).where(eq(subscriptionCharges.id, chargeId));
}

/** Whether any month of the subscription was paid. */
export async function hasPaidCharge(executor: Executor, subscriptionId: string): Promise<boolean> {
  const [paid] = await executor
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.status, 'succeeded')))
    .limit(1);
  return paid !== undefined;
}

/** The subscription's latest charges, newest first. */
export async function latestCharges(executor: Executor, subscriptionId: string, limit: number): Promise<SubscriptionChargeRow[]> {
  return executor
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionCharges.createdAt), desc(subscriptionCharges.attempt))
    .limit(limit);
}
