import { and, eq, sql } from 'drizzle-orm';
import { giftCardOrders, giftCards, ledgerAccounts, ledgerEntries, ledgerGroups } from '../../../db/schema';
import type { Database, Executor } from '../../../db/types';

/** Where an order's money is, in cents, read from the ledger (never from a column). */
export interface OrderMoney {
  /** Put on the order's cards when they were issued. */
  purchased: number;
  /** Moved into wallets by redemption. */
  redeemed: number;
  /** Given to campaigns by paying with a code. */
  spent: number;
  /** Donated automatically at expiry. */
  donatedOnExpiry: number;
  /** Still on the cards. */
  outstanding: number;
  /** Any other movement of the cards' money: always 0 (the invariant checks it). */
  other: number;
}

/** The movements of an order's cards, summed by what moved them (one query over the cards' ledger accounts). */
export async function orderMoney(executor: Executor, orderId: string): Promise<OrderMoney> {
  const rows = await executor
    .select({ kind: ledgerGroups.kind, total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(giftCards)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.kind, 'gift_card'), eq(ledgerAccounts.ownerKey, sql`${giftCards.id}::text`)))
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerGroups, eq(ledgerGroups.id, ledgerEntries.groupId))
    .where(eq(giftCards.orderId, orderId))
    .groupBy(ledgerGroups.kind);
  const by = new Map(rows.map((row) => [row.kind, Number(row.total)]));
  const take = (kind: string) => {
    const value = by.get(kind as never) ?? 0;
    by.delete(kind as never);
    return value;
  };
  const purchased = take('gift_card_purchase');
  const redeemed = -take('gift_card_redemption');
  const spent = -take('donation');
  const donatedOnExpiry = -take('gift_card_expiry');
  const other = [...by.values()].reduce((sum, value) => sum + value, 0);
  return { purchased, redeemed, spent, donatedOnExpiry, outstanding: purchased - redeemed - spent - donatedOnExpiry + other, other };
}

export interface OrderInvariantBreach {
  orderId: string;
  totalCents: number;
  money: OrderMoney;
}

/**
 * docs/gift-cards.md: for every paid order, what was paid was put on its cards (purchased = total),
 * and every real of it is redeemed, spent, donated on expiry or still outstanding (never negative,
 * nothing else moved it). Returns the orders that break it, for the job to report.
 */
export async function checkOrderInvariants(db: Database): Promise<OrderInvariantBreach[]> {
  const paid = await db
    .select({ id: giftCardOrders.id, totalCents: giftCardOrders.totalCents })
    .from(giftCardOrders)
    .where(eq(giftCardOrders.status, 'paid'));
  const breaches: OrderInvariantBreach[] = [];
  for (const order of paid) {
    const money = await orderMoney(db, order.id);
    if (money.purchased !== order.totalCents || money.other !== 0 || money.outstanding < 0)
      breaches.push({ orderId: order.id, totalCents: order.totalCents, money });
  }
  return breaches;
}
