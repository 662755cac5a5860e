import type { GiftCardOrder } from '../../../contracts';

/**
 * What is true of an order right now, for its page to say it and nothing else: not paid (declined,
 * or its PIX/PayPal time ran out), its payment taken back at the provider (refunded or charged back), waiting for its payment, a company's batch still being issued, its
 * cards ready to hand out (printed or codes), going out at their moment, or sent.
 */
export type OrderSituation =
  | { kind: 'declined' }
  | { kind: 'expired' }
  | { kind: 'reversed'; chargeback: boolean }
  | { kind: 'pending' }
  | { kind: 'issuing'; issued: number; quantity: number }
  | { kind: 'ready' }
  | { kind: 'scheduled'; count: number; at: string | null }
  | { kind: 'sent'; count: number };

export function situationOf(order: GiftCardOrder): OrderSituation {
  if (order.status === 'failed') return { kind: 'declined' };
  if (order.status === 'expired') return { kind: 'expired' };
  // Paid, then the provider gave the money back or the bank took it back: the cards are void.
  if (order.status === 'refunded' || order.status === 'charged_back')
    return { kind: 'reversed', chargeback: order.status === 'charged_back' };
  if (order.status !== 'paid') return { kind: 'pending' };
  if (order.issued < order.quantity) return { kind: 'issuing', issued: order.issued, quantity: order.quantity };
  if (order.shipping_mode === 'pdf') return { kind: 'ready' };
  const scheduled = order.cards.filter((card) => card.delivery === 'scheduled');
  if (scheduled.length > 0) {
    // One moment for all of them is said in the lead; moved ones are each on their own line.
    const moments = new Set(scheduled.map((card) => card.deliver_at));
    return { kind: 'scheduled', count: scheduled.length, at: moments.size === 1 ? (scheduled[0]?.deliver_at ?? null) : null };
  }
  return { kind: 'sent', count: order.cards.filter((card) => card.delivery === 'sent' || card.delivery === 'bounced').length };
}
