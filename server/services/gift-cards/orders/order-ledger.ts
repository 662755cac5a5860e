import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { campaigns, giftCardOrders, giftCards, ledgerAccounts, ledgerEntries, ledgerGroups } from '../../../db/schema';
import type { Database, Executor } from '../../../db/types';

/** Where an order's money is, in cents, read from the ledger (never from a column). */
export interface OrderMoney {
  /** Put on the order's cards when they were issued. */
  purchased: number;
  /** Moved into wallets by redemption. */
  redeemed: number;
  /** Given to campaigns by paying with a code, less what refunds gave back. */
  spent: number;
  /** Given back onto the cards by refunds of what they paid (counted in `spent`; from a redeemed card it goes on to the wallet, in `redeemed`). */
  refunded: number;
  /** Donated automatically at expiry. */
  donatedOnExpiry: number;
  /** Taken off the cards when the provider took the order's payment back (reverse-order.ts; wallets clawed back are in `redeemed`). */
  reversed: number;
  /** Still on the cards. */
  outstanding: number;
  /** Any other movement of the cards' money: always 0 (the invariant checks it). */
  other: number;
  /** How many of the cards each kind of movement touched (a card partly spent counts once). */
  cards: { redeemed: number; spent: number; donatedOnExpiry: number };
}

/** The references of an order's reversal groups (kind 'refund' or 'chargeback') start with this: `gift_card_order_reversal:<order id>:<n>`. */
export const ORDER_REVERSAL_PREFIX = 'gift_card_order_reversal:';
/** How orderMoney names the cards' entries of a reversal. */
const REVERSAL = 'reversal';

/** The movements of an order's cards, summed by what moved them (one query over the cards' ledger accounts). */
export async function orderMoney(executor: Executor, orderId: string): Promise<OrderMoney> {
  // A reversal is a 'refund' or 'chargeback' group, told from the refunds of what a card paid by its reference.
  // Constants written into the SQL, not bound: the same expression is grouped by.
  const kind = sql<string>`case when starts_with(${ledgerGroups.reference}, ${sql.raw(`'${ORDER_REVERSAL_PREFIX}'`)}) then ${sql.raw(`'${REVERSAL}'`)} else ${ledgerGroups.kind} end`;
  const rows = await executor
    .select({
      kind,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      cards: sql<string>`count(distinct ${giftCards.id})`,
    })
    .from(giftCards)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.kind, 'gift_card'), eq(ledgerAccounts.ownerKey, sql`${giftCards.id}::text`)))
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerGroups, eq(ledgerGroups.id, ledgerEntries.groupId))
    .where(eq(giftCards.orderId, orderId))
    .groupBy(kind);
  return orderMoneyFrom(rows.map((row) => ({ kind: row.kind, total: Number(row.total), cards: Number(row.cards) })));
}

/** OrderMoney from the order's cards' entries summed per ledger group kind (signed cents, and how many cards each touched). */
export function orderMoneyFrom(rows: readonly { kind: string; total: number; cards: number }[]): OrderMoney {
  const by = new Map(rows.map((row) => [row.kind, row.total]));
  const cardsOf = (kind: string) => rows.find((row) => row.kind === kind)?.cards ?? 0;
  const cards = { redeemed: cardsOf('gift_card_redemption'), spent: cardsOf('donation'), donatedOnExpiry: cardsOf('gift_card_expiry') };
  const take = (kind: string) => {
    const value = by.get(kind) ?? 0;
    by.delete(kind);
    return value;
  };
  const purchased = take('gift_card_purchase');
  const redeemed = -take('gift_card_redemption');
  // A refund of what a card paid comes back onto it (and from a redeemed card goes on to the wallet, as a redemption).
  const refunded = take('refund');
  const spent = -take('donation') - refunded;
  const donatedOnExpiry = -take('gift_card_expiry');
  const reversed = -take(REVERSAL);
  const other = [...by.values()].reduce((sum, value) => sum + value, 0);
  const outstanding = purchased - redeemed - spent - donatedOnExpiry - reversed + other;
  return { purchased, redeemed, spent, refunded, donatedOnExpiry, reversed, outstanding, other, cards };
}

/** Whether a paid order's money breaks the invariant (see checkOrderInvariants). */
export const breaksOrderInvariant = (totalCents: number, money: OrderMoney): boolean =>
  money.purchased !== totalCents || money.other !== 0 || money.outstanding < 0 || money.spent < 0;

/** A cause an order's money reached: a campaign, or the general fund (slug and title null). */
export interface ReachedCause {
  slug: string | null;
  title: string | null;
  cents: number;
}

/**
 * The causes the cards' own money reached, from the ledger: what was given with the codes (less what
 * refunds took back) and what was donated at expiry, credited to each campaign or the general fund,
 * most first. Money redeemed into wallets is the holders' from then on and is not followed here.
 */
export async function orderCauses(executor: Executor, orderId: string): Promise<ReachedCause[]> {
  const cardEntry = alias(ledgerEntries, 'card_entry');
  const cardAccount = alias(ledgerAccounts, 'card_account');
  const rows = await executor
    .select({ slug: campaigns.slug, title: campaigns.title, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(giftCards)
    .innerJoin(cardAccount, and(eq(cardAccount.kind, 'gift_card'), eq(cardAccount.ownerKey, sql`${giftCards.id}::text`)))
    .innerJoin(cardEntry, eq(cardEntry.accountId, cardAccount.id))
    .innerJoin(
      ledgerGroups,
      and(eq(ledgerGroups.id, cardEntry.groupId), inArray(ledgerGroups.kind, ['donation', 'gift_card_expiry', 'refund'])),
    )
    .innerJoin(ledgerEntries, eq(ledgerEntries.groupId, ledgerGroups.id))
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.accountId), inArray(ledgerAccounts.kind, ['campaign', 'general_fund'])),
    )
    .leftJoin(campaigns, and(eq(ledgerAccounts.kind, 'campaign'), eq(sql`${campaigns.id}::text`, ledgerAccounts.ownerKey)))
    .where(eq(giftCards.orderId, orderId))
    .groupBy(campaigns.slug, campaigns.title);
  return rows
    .map((row) => ({ slug: row.slug, title: row.title, cents: Number(row.cents) }))
    .filter((cause) => cause.cents > 0)
    .sort((a, b) => b.cents - a.cents);
}

export interface OrderInvariantBreach {
  orderId: string;
  totalCents: number;
  money: OrderMoney;
}

/**
 * docs/gift-cards.md: for every paid order, what was paid was put on its cards (purchased = total),
 * and every real of it is redeemed, spent (net of refunds), donated on expiry or still outstanding
 * (never negative, nothing else moved it). An order the provider took back (refunded, charged_back)
 * has nothing left on its cards: what its issued cards held is redeemed, spent, donated or reversed.
 * Returns the orders that break it, for the job to report.
 */
export async function checkOrderInvariants(db: Database): Promise<OrderInvariantBreach[]> {
  const orders = await db
    .select({
      id: giftCardOrders.id,
      status: giftCardOrders.status,
      totalCents: giftCardOrders.totalCents,
      valueCents: giftCardOrders.valueCents,
      issuedCount: giftCardOrders.issuedCount,
    })
    .from(giftCardOrders)
    .where(inArray(giftCardOrders.status, ['paid', 'refunded', 'charged_back']));
  const breaches: OrderInvariantBreach[] = [];
  for (const order of orders) {
    const money = await orderMoney(db, order.id);
    const broken =
      order.status === 'paid'
        ? breaksOrderInvariant(order.totalCents, money)
        : breaksOrderInvariant(order.valueCents * order.issuedCount, money) || money.outstanding !== 0;
    if (broken) breaches.push({ orderId: order.id, totalCents: order.totalCents, money });
  }
  return breaches;
}
