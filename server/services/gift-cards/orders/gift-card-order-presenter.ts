import type { GiftCardOrderResult, OrderedGiftCard } from '../../../../contracts/gift-card-orders';
import type { Executor } from '../../../db/types';
import { presentPayment } from '../../donations/donation-presenter';
import type { GiftCardRow } from '../gift-cards-repository';
import { bouncedCardIds, orderCards, type OrderWithPayment } from './gift-card-orders-repository';
import { orderCauses, orderMoney } from './order-ledger';
import { logoUrl } from '../store-company-logo';

/** Where a card stands: printed (PDF), sent, going out at deliver_at, or its send cancelled by the buyer. */
function deliveryOf(card: GiftCardRow, shippingMode: string, bounced: boolean): OrderedGiftCard['delivery'] {
  if (shippingMode === 'pdf') return 'pdf';
  if (card.deliveredAt) return bounced ? 'bounced' : 'sent';
  return card.deliverAt ? 'scheduled' : 'cancelled';
}

/**
 * A card as its buyer sees it. The code only of cards the buyer hands out (PDF, or a send they
 * cancelled): a card sent by e-mail is its recipient's, and whoever holds a code can spend it.
 */
function presentCard(card: GiftCardRow, shippingMode: string, corporate: boolean, bounced: boolean): OrderedGiftCard {
  const delivery = deliveryOf(card, shippingMode, bounced);
  return {
    position: card.position ?? 0,
    recipient_name: card.recipientName,
    recipient_email: card.recipientEmail,
    code: corporate || delivery === 'pdf' || delivery === 'cancelled' ? card.code : null,
    value: card.valueCents,
    expires_at: card.expiresAt.toISOString(),
    delivery,
    deliver_at: card.deliverAt?.toISOString() ?? null,
  };
}

/** giftCardOrderResultSchema of contracts/gift-card-orders.ts (receipt_token only in the buyer's first answer). */
export async function presentGiftCardOrder(
  executor: Executor,
  found: OrderWithPayment,
  receiptToken?: string,
): Promise<GiftCardOrderResult> {
  const { order, payment } = found;
  // A paid order's cards, and those of one the provider took back since (void, with where their money went).
  const issued = order.status === 'paid' || order.status === 'refunded' || order.status === 'charged_back';
  const cards = issued ? await orderCards(executor, order.id) : [];
  const money = issued ? await orderMoney(executor, order.id) : null;
  const causes = issued ? await orderCauses(executor, order.id) : [];
  const bounced = issued ? await bouncedCardIds(executor, order.id) : new Set<string>();
  const presented = cards.map((card) => presentCard(card, order.shippingMode, order.kind === 'corporate', bounced.has(card.id)));
  const count = (delivery: OrderedGiftCard['delivery']) => presented.filter((card) => card.delivery === delivery).length;
  return {
    order: {
      id: order.id,
      kind: order.kind,
      status: order.status,
      issued: order.issuedCount,
      logo_url: order.logoId ? logoUrl(order.logoId) : null,
      value: order.valueCents,
      quantity: order.quantity,
      total: order.totalCents,
      template: order.template,
      message: order.message,
      from: order.sender,
      shipping_mode: order.shippingMode,
      send_at: order.sendAt?.toISOString() ?? null,
      payment_method: order.paymentMethod,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      recipients: order.kind === 'personal' ? order.recipients.map(({ name, email }) => ({ name, email })) : [],
      cards: presented,
      money: money && {
        purchased: money.purchased,
        redeemed: money.redeemed,
        spent: money.spent,
        donated_on_expiry: money.donatedOnExpiry,
        reversed: money.reversed,
        outstanding: money.outstanding,
      },
      stats: money && {
        issued: cards.length,
        delivered: count('sent') + count('bounced'),
        bounced: count('bounced'),
        scheduled: count('scheduled'),
        redeemed: money.cards.redeemed,
        spent: money.cards.spent,
        expired: cards.filter((card) => card.status === 'expired').length,
        donated_on_expiry: money.cards.donatedOnExpiry,
        causes: causes.map((cause) => ({ slug: cause.slug, title: cause.title, amount: cause.cents })),
      },
    },
    payment: await presentPayment(payment),
    ...(receiptToken ? { receipt_token: receiptToken } : {}),
  };
}
