import { and, eq } from 'drizzle-orm';
import { errorCodes } from '../../../../contracts/errors';
import { sendAtIssue } from '../../../../contracts/gift-card-definition';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import type { GiftCardDeliveryChangeInput } from '../../../../contracts/gift-card-orders';
import { giftCards, mailOutbox } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import { conflict, invalid, notFound } from '../../../domain/errors';
import type { ConfirmDeps } from '../../donations/confirm-donation';
import { deliverGiftCard } from './deliver-gift-cards';
import { lockOrder } from './gift-card-orders-repository';

type Change = { recipient_name?: string; recipient_email?: string; deliver_at?: string | null; send_now?: true };

async function lockOrderCard(tx: Executor, orderId: string, position: number) {
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.position, position)))
    .for('update');
  return card ?? null;
}

/** Whether the e-mail that delivered a card came back (the receiving server refused the address). */
async function deliveryBounced(tx: Executor, mailId: string | null): Promise<boolean> {
  if (!mailId) return false;
  const [mail] = await tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
  return mail?.status === 'bounced';
}

/**
 * A buyer's change to one card's delivery, under the order's and the card's locks: before it is sent
 * its moment moves (checked like the order's) or comes now, it is cancelled (the buyer keeps the card) or its
 * recipient corrected, and a moment already past sends it now. Once sent, its recipient does not
 * change (the buyer could otherwise take back a card given away): only an e-mail that bounced is
 * corrected, which sends the same card (same code) to the new address. A card already used or
 * redeemed is not sent again.
 */
export async function changeGiftCardDelivery(
  deps: Pick<ConfirmDeps, 'db' | 'translator' | 'config'>,
  input: { orderId: string; position: number; change: GiftCardDeliveryChangeInput & Change; now: Date },
): Promise<void> {
  const { change, now } = input;
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound(errorCodes.giftCardOrderNotFound, gc.orderNotFound);
    if (order.status !== 'paid') throw conflict(errorCodes.giftCardDeliveryRefused, gc.orderNotPaid);
    if (order.shippingMode === 'pdf') throw conflict(errorCodes.giftCardDeliveryRefused, gc.cardNotByEmail);
    const card = await lockOrderCard(tx, order.id, input.position);
    if (!card) throw notFound(errorCodes.giftCardDeliveryRefused, gc.cardNotFound);
    if (card.status !== 'active') throw conflict(errorCodes.giftCardDeliveryRefused, gc.cardUsed);
    const sent = card.deliveredAt !== null;
    const newEmail = change.recipient_email !== undefined && change.recipient_email !== card.recipientEmail;
    if (sent && !(await deliveryBounced(tx, card.deliveryMailId))) throw conflict(errorCodes.giftCardDeliveryRefused, gc.cardDelivered);
    if (sent && (change.deliver_at !== undefined || change.send_now || !newEmail))
      throw conflict(errorCodes.giftCardDeliveryRefused, gc.cardAlreadySent);
    if (change.deliver_at) {
      const problem = sendAtIssue(change.deliver_at, now);
      if (problem) throw invalid(errorCodes.validation, [problem]);
    }
    const deliverAt = change.send_now
      ? now
      : change.deliver_at === undefined
        ? card.deliverAt
        : change.deliver_at === null
          ? null
          : new Date(change.deliver_at);
    const [updated] = await tx
      .update(giftCards)
      .set({
        recipientName: change.recipient_name ?? card.recipientName,
        recipientEmail: change.recipient_email ?? card.recipientEmail,
        deliverAt: sent ? now : deliverAt,
      })
      .where(eq(giftCards.id, card.id))
      .returning();
    if (updated && (sent || (deliverAt && deliverAt.getTime() <= now.getTime())))
      await deliverGiftCard(tx, deps, { card: updated, order, now });
  });
}
