import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { giftCardOrders, payments } from '../../../db/schema';
import type { ConfirmDeps } from '../../donations/confirm-donation';
import { issueCardRange } from './issue-order-cards';
import { lockOrder } from './gift-card-orders-repository';

/** Cards a transaction issues: short enough that other work goes on, and the progress moves visibly. */
export const CARDS_PER_ISSUE_STEP = 500;

/**
 * Issues a paid corporate batch, CARDS_PER_ISSUE_STEP cards a transaction, each step under the
 * order's lock from where the last one stopped (issued_count): two nodes, or a run after a crash,
 * go on from there and never issue a card twice. Resolves to the cards issued by this call.
 */
export async function issueBatch(deps: ConfirmDeps, orderId: string): Promise<number> {
  let issued = 0;
  for (;;) {
    const step = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || order.status !== 'paid' || !order.paidAt || order.issuedCount >= order.quantity) return 0;
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.giftCardOrderId, order.id), eq(payments.status, 'succeeded')))
        .orderBy(desc(payments.updatedAt))
        .limit(1);
      if (!payment) return 0;
      const from = order.issuedCount;
      const to = Math.min(from + CARDS_PER_ISSUE_STEP, order.quantity);
      await issueCardRange(tx, deps, { order, payment, from, to, paidAt: order.paidAt, now: deps.clock.now() });
      return to - from;
    });
    if (step === 0) return issued;
    issued += step;
  }
}

/** The paid batches with cards still to issue (a payment just confirmed, or a run cut short), oldest first. */
export async function issuePendingBatches(deps: ConfirmDeps, limit = 5): Promise<number> {
  const pending = await deps.db
    .select({ id: giftCardOrders.id })
    .from(giftCardOrders)
    .where(and(eq(giftCardOrders.status, 'paid'), lt(giftCardOrders.issuedCount, giftCardOrders.quantity)))
    .orderBy(asc(giftCardOrders.paidAt))
    .limit(limit);
  let issued = 0;
  for (const { id } of pending) issued += await issueBatch(deps, id);
  return issued;
}
