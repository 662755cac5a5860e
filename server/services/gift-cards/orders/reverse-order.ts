import { asc, eq, sql } from 'drizzle-orm';
import { giftCardOrders, giftCards } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import { chunksOf } from '../../../db/chunks';
import { markPaymentRefunded, type PaymentRow } from '../../donations/payments-repository';
import { postLedgerGroup, type LedgerLine } from '../../ledger';
import { selectRows } from '../../wallet/raw-rows';
import { lockOrder } from './gift-card-orders-repository';
import { ORDER_REVERSAL_PREFIX } from './order-ledger';
import { alertOrderReversal, type OrderReversalAlertDeps } from './reversal-alert';

/** One group per hundred cards, as their issue: the database checks each group's balance once per entry at commit. */
const CARDS_PER_LEDGER_GROUP = 100;

/** What each of the order's cards holds now: its own balance, and what is left of the wallet lots it was redeemed into. */
interface CardHoldings {
  cardId: string;
  valueCents: number;
  balanceCents: number;
  lots: Array<{ lotId: string; userId: string; remainingCents: number }>;
}

/**
 * The provider took a paid gift-card order's money back (docs/gift-cards.md, "Reversed at the provider"):
 * a refund made at the provider (`chargeback` false) or the buyer's bank taking it back (a chargeback).
 * In the caller's transaction, under the order's lock, once: a second notice finds it no longer `paid`
 * and changes nothing.
 *
 * For each card, in groups `gift_card_order_reversal:<order id>:<n>` (kind 'refund' or 'chargeback') that
 * pay the provider's clearing account what the card was bought for:
 * - what is still on the card leaves it (the card is void: `cancelled`);
 * - what is left of the wallet lots it was redeemed into leaves those wallets (the credit is clawed back);
 * - the rest was already given to causes (with the code, from the wallet, or at expiry): those donations
 *   stand, and the general fund bears it as a loss.
 * Cards a company's batch had not issued yet never reached the ledger: they are not issued any more.
 * The admins with MANAGE_FINANCES are told by e-mail, with the loss; the order becomes `refunded` or
 * `charged_back`, its payment `refunded`.
 */
export async function reverseGiftCardOrder(
  tx: Executor,
  deps: OrderReversalAlertDeps,
  payment: PaymentRow,
  chargeback: boolean,
  now: Date,
): Promise<boolean> {
  if (!payment.giftCardOrderId) return false;
  const order = await lockOrder(tx, payment.giftCardOrderId);
  if (!order || order.status !== 'paid') return false;
  const holdings = await lockCardHoldings(tx, order.id);
  const kind = chargeback ? 'chargeback' : 'refund';
  const totals = { voided: 0, clawedBack: 0, lost: 0 };
  for (const [n, chunk] of chunksOf(holdings, CARDS_PER_LEDGER_GROUP).entries()) {
    const lines: LedgerLine[] = [];
    let lost = 0;
    for (const card of chunk) {
      if (card.balanceCents > 0) lines.push({ account: { kind: 'gift_card', giftCardId: card.cardId }, amountCents: -card.balanceCents });
      for (const lot of card.lots)
        lines.push({ account: { kind: 'donor_wallet', userId: lot.userId }, amountCents: -lot.remainingCents, lotId: lot.lotId });
      const clawedBack = card.lots.reduce((sum, lot) => sum + lot.remainingCents, 0);
      totals.voided += Math.max(card.balanceCents, 0);
      totals.clawedBack += clawedBack;
      // Refunds of what a card paid come back onto it, so it never holds more than it was bought for.
      lost += Math.max(card.valueCents - Math.max(card.balanceCents, 0) - clawedBack, 0);
    }
    if (lost > 0) lines.push({ account: { kind: 'general_fund' }, amountCents: -lost });
    totals.lost += lost;
    const taken = -lines.reduce((sum, line) => sum + line.amountCents, 0);
    if (taken === 0) continue;
    lines.push({ account: { kind: 'gateway_clearing', gateway: payment.gateway }, amountCents: taken });
    await postLedgerGroup(tx, {
      kind,
      reference: `${ORDER_REVERSAL_PREFIX}${order.id}:${n}`,
      description: `gift_card_order ${order.id}`,
      lines,
    });
  }
  await tx.update(giftCards).set({ status: 'cancelled' }).where(eq(giftCards.orderId, order.id));
  await tx
    .update(giftCardOrders)
    .set({ status: chargeback ? 'charged_back' : 'refunded', updatedAt: now })
    .where(eq(giftCardOrders.id, order.id));
  await markPaymentRefunded(tx, payment.id, now);
  await alertOrderReversal(tx, deps, { order, payment, chargeback, cards: holdings.length, ...totals }, now);
  return true;
}

/**
 * The order's cards locked (in their order, as every other writer takes one card at a time), each with its
 * balance, and the wallet lots they were redeemed into (or a refund passed on to), locked, with what is left on each.
 */
async function lockCardHoldings(tx: Executor, orderId: string): Promise<CardHoldings[]> {
  const cards = await tx
    .select({ id: giftCards.id, valueCents: giftCards.valueCents })
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId))
    .orderBy(asc(giftCards.position))
    .for('update');
  if (cards.length === 0) return [];
  const balances = await selectRows<{ card_id: string; balance: string }>(
    tx,
    sql`select a.owner_key as card_id, coalesce(sum(e.amount_cents), 0) as balance
        from gift_cards c
        join ledger_accounts a on a.kind = 'gift_card' and a.owner_key = c.id::text
        join ledger_entries e on e.account_id = a.id
        where c.order_id = ${orderId}
        group by a.owner_key`,
  );
  // A lot filled by a group that took money off one of the cards: a redemption, or a refund passed on to the wallet.
  const filled = await selectRows<{ lot_id: string; user_id: string; card_id: string }>(
    tx,
    sql`select distinct l.id as lot_id, l.user_id, a.owner_key as card_id
        from gift_cards c
        join ledger_accounts a on a.kind = 'gift_card' and a.owner_key = c.id::text
        join ledger_entries ce on ce.account_id = a.id and ce.amount_cents < 0
        join ledger_entries we on we.group_id = ce.group_id and we.lot_id is not null and we.amount_cents > 0
        join wallet_lots l on l.id = we.lot_id
        where c.order_id = ${orderId}
        order by l.id`,
  );
  const remaining = new Map<string, number>();
  if (filled.length > 0) {
    const ids = sql.join(
      filled.map((lot) => sql`${lot.lot_id}::uuid`),
      sql`, `,
    );
    // Locked first (a wallet spend and the expiry job lock them too), then read: what is left cannot move under us.
    await selectRows(tx, sql`select id from wallet_lots where id in (${ids}) order by id for update`);
    const rows = await selectRows<{ lot_id: string; remaining: string }>(
      tx,
      sql`select lot_id, sum(amount_cents) as remaining from ledger_entries where lot_id in (${ids}) group by lot_id`,
    );
    for (const row of rows) remaining.set(row.lot_id, Number(row.remaining));
  }
  const balanceOf = new Map(balances.map((row) => [row.card_id, Number(row.balance)]));
  const lotsOf = new Map<string, CardHoldings['lots']>();
  for (const lot of filled) {
    const remainingCents = remaining.get(lot.lot_id) ?? 0;
    if (remainingCents > 0)
      lotsOf.set(lot.card_id, [...(lotsOf.get(lot.card_id) ?? []), { lotId: lot.lot_id, userId: lot.user_id, remainingCents }]);
  }
  return cards.map((card) => ({
    cardId: card.id,
    valueCents: card.valueCents,
    balanceCents: balanceOf.get(card.id) ?? 0,
    lots: lotsOf.get(card.id) ?? [],
  }));
}
