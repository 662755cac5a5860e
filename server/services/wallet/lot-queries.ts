import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { walletLots as lots } from '../../db/schema';
import type { Executor } from '../../db/types';

/** What is left on the lot: the sum of its wallet entries (credit in, spends out). */
export const lotRemaining = sql<string>`coalesce((select sum(le.amount_cents) from ledger_entries le where le.lot_id = "wallet_lots"."id"), 0)`;

/** The automatic donation of a lot's leftover; unique on donations, so it happens once. */
export const lotSource = (lotId: string): string => `lot:${lotId}`;

/**
 * Lots that expired with money left and were not donated yet, the first to expire first: what the
 * settling job owes. walletLots() leaves expired lots out, so they are read here.
 */
export async function expiredLotsWithMoneyLeft(executor: Executor, now: Date): Promise<Array<{ id: string; userId: string }>> {
  const rows = await executor
    .select({ id: lots.id, userId: lots.userId, remaining: lotRemaining })
    .from(lots)
    .where(
      and(
        lte(lots.expiresAt, now),
        sql`not exists (select 1 from donations d where d.automatic_source = 'lot:' || "wallet_lots"."id"::text)`,
      ),
    )
    .orderBy(asc(lots.expiresAt), asc(lots.id));
  return rows.filter((r) => Number(r.remaining) > 0).map(({ id, userId }) => ({ id, userId }));
}

/** A lot's expiry notice is told once: its notification carries this dedupe key. */
export const creditExpiringKey = (lotId: string): string => `credit_expiring:${lotId}`;

export interface ExpiringLot {
  id: string;
  userId: string;
  remainingCents: number;
  expiresAt: Date;
}

/** Lots expiring after `now` and up to `until` with money left, not yet warned about: the ones the donor hears of. */
export async function lotsExpiringBetween(executor: Executor, now: Date, until: Date): Promise<ExpiringLot[]> {
  const rows = await executor
    .select({ id: lots.id, userId: lots.userId, expiresAt: lots.expiresAt, remaining: lotRemaining })
    .from(lots)
    .where(
      and(
        gt(lots.expiresAt, now),
        lte(lots.expiresAt, until),
        sql`not exists (select 1 from notifications n where n.user_id = "wallet_lots"."user_id" and n.dedupe_key = 'credit_expiring:' || "wallet_lots"."id"::text)`,
      ),
    )
    .orderBy(asc(lots.expiresAt), asc(lots.id));
  return rows
    .map((r) => ({ id: r.id, userId: r.userId, expiresAt: r.expiresAt, remainingCents: Number(r.remaining) }))
    .filter((r) => r.remainingCents > 0);
}

/** One lot, locked for the rest of the transaction, with what is left on it; null when unknown. */
export async function lockLot(
  tx: Executor,
  lotId: string,
): Promise<{ id: string; userId: string; origin: string; expiresAt: Date; remainingCents: number } | null> {
  const [lot] = await tx
    .select({ id: lots.id, userId: lots.userId, origin: lots.origin, expiresAt: lots.expiresAt })
    .from(lots)
    .where(eq(lots.id, lotId))
    .for('update');
  if (!lot) return null;
  // Read after the lock: a spend that held the lot has committed by now and its entries count.
  const [left] = await tx.select({ remaining: lotRemaining }).from(lots).where(eq(lots.id, lotId));
  return { ...lot, remainingCents: Number(left?.remaining ?? 0) };
}
