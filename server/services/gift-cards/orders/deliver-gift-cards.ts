import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { giftCardOrders, giftCards } from '../../../db/schema';
import type { Database, Executor } from '../../../db/types';
import type { ConfirmDeps } from '../../donations/confirm-donation';
import { enqueueMail } from '../../mail/mail-outbox';
import { notifyGiftCardReceived } from '../../notifications/gift-card-received';
import { lockGiftCard, type GiftCardRow } from '../gift-cards-repository';
import { giftCardDeliveryMail } from './delivery-mail';
import type { GiftCardOrderRow } from './gift-card-orders-repository';

type DeliveryDeps = Pick<ConfirmDeps, 'translator' | 'config'>;

/**
 * Sends a card to its recipient in the caller's transaction: its e-mail queued (as bulk mail for a
 * company's batch), a recipient with an account told in the app too (the e-mail above is the one they
 * get), and the card marked delivered.
 */
export async function deliverGiftCard(
  tx: Executor,
  deps: DeliveryDeps,
  input: { card: GiftCardRow; order: Pick<GiftCardOrderRow, 'kind' | 'template' | 'message' | 'sender' | 'locale' | 'logoId'>; now: Date },
): Promise<void> {
  const { card, now } = input;
  if (!card.recipientEmail) return;
  // A company's batch is bulk mail: thousands of cards must not hold up anyone's reset link or receipt.
  const mail = giftCardDeliveryMail(deps.translator, { ...input, publicUrl: deps.config.publicUrl });
  const mailId = await enqueueMail(tx, { ...mail, bulk: input.order.kind === 'corporate' }, now);
  await notifyGiftCardReceived(tx, { card, now, translator: deps.translator, locale: input.order.locale, inAppOnly: true });
  await tx.update(giftCards).set({ deliveredAt: now, deliveryMailId: mailId }).where(eq(giftCards.id, card.id));
}

const BATCH = 200;

/**
 * The scheduled deliveries that are due (job `gift-card-deliveries`, every minute): each card is
 * claimed under its row lock and sent once, whichever node runs the job.
 */
export async function deliverDueGiftCards(deps: DeliveryDeps & { db: Database }, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: giftCards.id })
    .from(giftCards)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCards.orderId))
    .where(and(isNull(giftCards.deliveredAt), lte(giftCards.deliverAt, now), eq(giftCardOrders.status, 'paid')))
    .orderBy(asc(giftCards.deliverAt))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    const delivered = await deps.db.transaction(async (tx) => {
      const card = await lockGiftCard(tx, id);
      if (!card?.orderId || card.deliveredAt || !card.deliverAt || card.deliverAt.getTime() > now.getTime()) return false;
      const [order] = await tx.select().from(giftCardOrders).where(eq(giftCardOrders.id, card.orderId));
      // An order the provider took back since it was listed: its cards are void and never go out.
      if (order?.status !== 'paid' || card.status === 'cancelled') return false;
      await deliverGiftCard(tx, deps, { card, order, now });
      return true;
    });
    if (delivered) sent++;
  }
  return sent;
}
