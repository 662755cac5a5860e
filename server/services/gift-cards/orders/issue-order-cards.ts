import { giftCardExpiry } from '../../../../contracts/gift-card-definition';
import type { Locale } from '../../../../contracts/constants';
import { chunksOf } from '../../../db/chunks';
import { eq } from 'drizzle-orm';
import { giftCardOrders, giftCards } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import { escapeHtml } from '../../../http/escape-html';
import { formatBrazilianDateTime, formatBrlText, formatLongDate } from '../../../i18n/format';
import type { ConfirmDeps, ConfirmOutcome } from '../../donations/confirm-donation';
import { lockPayment, type PaymentRow } from '../../donations/payments-repository';
import { postLedgerGroup } from '../../ledger';
import { enqueueMail } from '../../mail/mail-outbox';
import { mailMessages } from '../../mail/mail-messages';
import { giftCardMailMessages as gm } from '../gift-card-mail-messages';
import type { GiftCardRow } from '../gift-cards-repository';
import { deliverGiftCard } from './deliver-gift-cards';
import { lockOrder, markOrderPaid, type GiftCardOrderRow } from './gift-card-orders-repository';

export const giftCardOrderReference = (orderId: string): string => `gift_card_order:${orderId}`;
const CARDS_PER_LEDGER_GROUP = 100;

/**
 * Issues the cards at positions [from, to) of a paid order in the caller's transaction: one row each
 * (its recipient, its place, when it goes out), ledger groups moving their value from the payment's
 * clearing account onto each card's account, the ones due now delivered, the order's progress
 * (issued_count) moved on. The groups' references are the order's and their place, so each card is
 * issued once. The expiry counts from the payment, whichever batch issues the card.
 */
export async function issueCardRange(
  tx: Executor,
  deps: Pick<ConfirmDeps, 'translator' | 'config'>,
  input: { order: GiftCardOrderRow; payment: PaymentRow; from: number; to: number; paidAt: Date; now: Date },
): Promise<GiftCardRow[]> {
  const { order, payment, from, to, now } = input;
  const expiresAt = giftCardExpiry(input.paidAt);
  const deliverAt = order.shippingMode === 'pdf' ? null : (order.sendAt ?? now);
  const rows = Array.from({ length: to - from }, (_, index) => {
    const position = from + index;
    return {
      orderId: order.id,
      position,
      valueCents: order.valueCents,
      buyerUserId: order.userId,
      recipientName: order.recipients[position]?.name ?? null,
      recipientEmail: order.recipients[position]?.email ?? null,
      message: order.message,
      template: order.template,
      expiresAt,
      deliverAt,
      createdAt: now,
    };
  });
  const cards: GiftCardRow[] = [];
  for (const chunk of chunksOf(rows)) cards.push(...(await tx.insert(giftCards).values(chunk).returning()));
  // One group per hundred cards: the database checks each group's balance once per entry at commit,
  // so a group of 10,000 would be summed 10,000 times over.
  for (const chunk of chunksOf(cards, CARDS_PER_LEDGER_GROUP)) {
    await postLedgerGroup(tx, {
      kind: 'gift_card_purchase',
      reference: `${giftCardOrderReference(order.id)}:${(chunk[0]?.position ?? 0) / CARDS_PER_LEDGER_GROUP}`,
      description: `${payment.method} ${payment.gatewayRef ?? ''}`.trim(),
      lines: [
        {
          account: { kind: 'gateway_clearing', gateway: payment.gateway },
          amountCents: -chunk.reduce((sum, card) => sum + card.valueCents, 0),
        },
        ...chunk.map((card) => ({ account: { kind: 'gift_card' as const, giftCardId: card.id }, amountCents: card.valueCents })),
      ],
    });
  }
  for (const card of cards) if (deliverAt && deliverAt.getTime() <= now.getTime()) await deliverGiftCard(tx, deps, { card, order, now });
  await tx.update(giftCardOrders).set({ issuedCount: to, updatedAt: now }).where(eq(giftCardOrders.id, order.id));
  if (to === order.quantity) await enqueueMail(tx, purchaseMail(deps, order, expiresAt, order.kind === 'personal' ? [...cards] : []), now);
  return cards;
}

/**
 * A paid order in the caller's transaction: marked paid, and a personal order's cards (20 at most)
 * issued at once; a corporate batch is issued afterwards by issue-batches.ts, its progress visible.
 */
export async function settlePaidOrder(
  tx: Executor,
  deps: Pick<ConfirmDeps, 'translator' | 'config'>,
  order: GiftCardOrderRow,
  payment: PaymentRow,
  now: Date,
): Promise<void> {
  await markOrderPaid(tx, order.id, now);
  if (order.kind === 'personal') await issueCardRange(tx, deps, { order, payment, from: 0, to: order.quantity, paidAt: now, now });
}

/**
 * Step 4 of an order paid through a gateway, in its own transaction and idempotent: a succeeded
 * payment whose order is still open is paid (a personal order's cards issued). Running it again changes nothing more.
 */
export async function confirmGiftCardOrder(deps: ConfirmDeps, paymentId: string): Promise<ConfirmOutcome> {
  return deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.status !== 'succeeded' || !payment.giftCardOrderId) return 'not_paid';
    const order = await lockOrder(tx, payment.giftCardOrderId);
    // Paid already, or paid and taken back at the provider since (refunded, charged_back): its cards are never issued again.
    if (!order || order.status === 'paid' || order.status === 'refunded' || order.status === 'charged_back') return 'already_settled';
    await settlePaidOrder(tx, deps, order, payment, deps.clock.now());
    return 'confirmed';
  });
}

/**
 * The buyer's receipt: what was paid, until when the cards are valid and how they travel; for cards the
 * buyer prints, their codes too, so they are never lost with the tab that bought them.
 */
function purchaseMail(deps: Pick<ConfirmDeps, 'translator' | 'config'>, order: GiftCardOrderRow, expiresAt: Date, cards: GiftCardRow[]) {
  const locale: Locale = order.locale;
  const t = (d: { id: string; message: string }, values?: Record<string, string | number>) => deps.translator.translate(locale, d, values);
  const orderUrl = `${deps.config.publicUrl}/gift-card/agradecimento?type=${order.kind === 'corporate' ? 'corporate' : order.shippingMode}&order=${order.id}`;
  const printed = order.shippingMode === 'pdf' || order.kind === 'corporate';
  const shipping = printed
    ? t(gm.purchasePdf, { url: orderUrl })
    : order.sendAt
      ? t(gm.purchaseScheduled, { date: formatBrazilianDateTime(order.sendAt) })
      : t(gm.purchaseNow);
  const lines = [
    t(gm.greeting, {
      name: (order.contact.is_company ? (order.contact.contact_name ?? order.contact.name) : order.contact.name).split(/\s+/)[0] ?? '',
    }),
    t(gm.purchaseBody, {
      total: formatBrlText(order.totalCents),
      quantity: order.quantity,
      amount: formatBrlText(order.valueCents),
      date: formatLongDate(expiresAt, locale),
    }),
    shipping,
    ...(cards.length > 0 && order.shippingMode === 'pdf'
      ? [`${t(gm.purchaseCodes, { amount: formatBrlText(order.valueCents) })}\n${cards.map((card) => card.code).join('\n')}`]
      : []),
    t(gm.purchaseOrder, { id: order.id }),
    // The order's page, where each card's send can be followed and changed (the codes' page already carries it).
    ...(printed ? [] : [t(gm.purchaseOrderLink, { url: orderUrl })]),
  ];
  const signature = t(mailMessages.signature);
  return {
    to: order.contact.email,
    subject: t(gm.purchaseSubject, { quantity: order.quantity }),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}
