import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, walletLots as lots, type WalletLotOrigin } from '../../db/schema';
import type { Executor } from '../../db/types';
import { accountKey, type AccountRef } from './accounts';

/** An account's balance: the sum of its entries (0 for an account that never moved). */
export async function accountBalance(executor: Executor, ref: AccountRef): Promise<number> {
  const k = accountKey(ref);
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.kind, k.kind), eq(ledgerAccounts.ownerKey, k.ownerKey)));
  return Number(row?.total ?? 0);
}

export interface WalletLotBalance {
  id: string;
  origin: WalletLotOrigin;
  sourceRef: string | null;
  amountCents: number;
  remainingCents: number;
  expiresAt: Date;
  createdAt: Date;
}

/**
 * What is left on a lot: the sum of its wallet entries (credit in, spends out). Written out with
 * aliases: drizzle leaves column names unqualified in a select list, and inside the subquery "id"
 * would then mean the entry's id.
 */
export const lotRemaining = sql<string>`coalesce((select sum(le.amount_cents) from ledger_entries le where le.lot_id = "wallet_lots"."id"), 0)`;

/** The donor's lots that can still be spent (not expired, money left), the first to expire first. */
export async function walletLots(executor: Executor, userId: string, now: Date): Promise<WalletLotBalance[]> {
  const rows = await executor
    .select({
      id: lots.id,
      origin: lots.origin,
      sourceRef: lots.sourceRef,
      amountCents: lots.amountCents,
      expiresAt: lots.expiresAt,
      createdAt: lots.createdAt,
      remaining: lotRemaining,
    })
    .from(lots)
    .where(and(eq(lots.userId, userId), gt(lots.expiresAt, now)))
    .orderBy(asc(lots.expiresAt), asc(lots.createdAt), asc(lots.id));
  return rows
    .map((r) => ({ ...r, remainingCents: Number(r.remaining) }))
    .filter((r) => r.remainingCents > 0)
    .map(({ remaining: _r, ...lot }) => lot);
}

/** What the donor can spend now: the money left on lots that have not expired. */
export async function walletBalance(executor: Executor, userId: string, now: Date): Promise<number> {
  const spendable = await walletLots(executor, userId, now);
  return spendable.reduce((sum, lot) => sum + lot.remainingCents, 0);
}
