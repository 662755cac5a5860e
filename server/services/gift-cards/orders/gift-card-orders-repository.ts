import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../../contracts/errors';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import { conflict } from '../../../domain/errors';
import type { Locale } from '../../../../contracts/constants';
import type { Contact } from '../../../../contracts/donations';
import type { GiftCardOrderRecipient } from '../../../../contracts/gift-card-orders';
import { giftCardOrders, giftCards, mailOutbox, payments, type PaymentMethodName } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import type { PaymentRow } from '../../donations/payments-repository';
import type { GiftCardRow } from '../gift-cards-repository';

/** The gift_card_orders table (docs/gift-cards.md) and the payment written with each order. */
export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect;

/** An order as the service checked it, whichever request it came from (personal or corporate). */
export interface OrderSpec {
  kind: GiftCardOrderRow['kind'];
  valueCents: number;
  quantity: number;
  template: GiftCardOrderRow['template'];
  message: string;
  sender: string;
  shippingMode: GiftCardOrderRow['shippingMode'];
  sendAt: Date | null;
  recipients: GiftCardOrderRecipient[];
  logoId: string | null;
  paymentMethod: PaymentMethodName;
  contact: Contact;
  address: Record<string, string> | null;
  /** The buyer's draft it pays for (null: a caller that sends none): one draft, one order. */
  draftId: string | null;
}

/**
 * One draft is one order: a second order for a draft whose order is paid, or whose payment is in
 * flight, is refused before anything is written or charged. The draft's lock (held to the end of the
 * transaction that writes the order) makes two tabs paying at once take turns on PostgreSQL (PGlite runs
 * one transaction at a time), so the second sees the first's payment. An order left unpaid (a declined
 * card, a PIX not paid) does not hold the draft.
 */
async function refuseSecondOrderOfDraft(tx: Executor, draftId: string | null): Promise<void> {
  if (!draftId) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`gift-card-draft:${draftId}`}, 0))`);
  const [taken] = await tx
    .select({ status: giftCardOrders.status, paymentStatus: payments.status })
    .from(giftCardOrders)
    .innerJoin(payments, eq(payments.giftCardOrderId, giftCardOrders.id))
    .where(
      and(
        eq(giftCardOrders.draftId, draftId),
        or(
          eq(giftCardOrders.status, 'paid'),
          // Charged and not yet confirmed, still being charged, or a card in review at the provider.
          inArray(payments.status, ['processing', 'succeeded']),
          and(eq(payments.status, 'pending'), inArray(payments.method, ['card', 'saved_card'])),
        ),
      ),
    )
    .limit(1);
  if (!taken) return;
  if (taken.status === 'paid') throw conflict(errorCodes.giftCardOrderDraftPaid, gc.orderDraftPaid);
  throw conflict(errorCodes.giftCardOrderDraftPaying, gc.orderDraftPaying);
}

/** Step 1 of an order: the order (pending) and its payment (processing), in one transaction. */
export async function insertOrderWithPayment(
  tx: Executor,
  input: { spec: OrderSpec; userId: string | null; receiptTokenHash: string; gateway: string; locale: Locale; now: Date },
): Promise<{ order: GiftCardOrderRow; payment: PaymentRow }> {
  const { spec, now } = input;
  await refuseSecondOrderOfDraft(tx, spec.draftId);
  const { contact_email: contactEmail, ...contact } = spec.contact;
  const [order] = await tx
    .insert(giftCardOrders)
    .values({
      userId: input.userId,
      kind: spec.kind,
      valueCents: spec.valueCents,
      quantity: spec.quantity,
      totalCents: spec.valueCents * spec.quantity,
      template: spec.template,
      message: spec.message,
      sender: spec.sender,
      shippingMode: spec.shippingMode,
      sendAt: spec.sendAt,
      recipients: spec.recipients,
      logoId: spec.logoId,
      paymentMethod: spec.paymentMethod,
      contact: { ...contact, ...(contactEmail ? { contact_email: contactEmail } : {}) },
      address: spec.address,
      locale: input.locale,
      receiptTokenHash: input.receiptTokenHash,
      draftId: spec.draftId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new Error('gift card order not created');
  const [payment] = await tx
    .insert(payments)
    .values({
      giftCardOrderId: order.id,
      gateway: input.gateway,
      method: order.paymentMethod,
      status: 'processing',
      amountCents: order.totalCents,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payment) throw new Error('payment not created');
  return { order, payment };
}

export interface OrderWithPayment {
  order: GiftCardOrderRow;
  payment: PaymentRow;
}

/** The order and its latest payment. */
export async function loadOrder(executor: Executor, orderId: string): Promise<OrderWithPayment | null> {
  const rows = await executor
    .select({ order: giftCardOrders, payment: payments })
    .from(giftCardOrders)
    .innerJoin(payments, eq(payments.giftCardOrderId, giftCardOrders.id))
    .where(eq(giftCardOrders.id, orderId));
  return rows.sort((a, b) => b.payment.createdAt.getTime() - a.payment.createdAt.getTime())[0] ?? null;
}

export async function lockOrder(tx: Executor, orderId: string): Promise<GiftCardOrderRow | null> {
  const [order] = await tx.select().from(giftCardOrders).where(eq(giftCardOrders.id, orderId)).for('update');
  return order ?? null;
}

export async function markOrderPaid(tx: Executor, orderId: string, now: Date): Promise<void> {
  await tx.update(giftCardOrders).set({ status: 'paid', paidAt: now, updatedAt: now }).where(eq(giftCardOrders.id, orderId));
}

/** A failed or expired payment fails (or expires) its order too, unless it was paid after all. */
export async function settlePendingOrder(tx: Executor, orderId: string, status: 'failed' | 'expired', now: Date): Promise<void> {
  await tx
    .update(giftCardOrders)
    .set({ status, updatedAt: now })
    .where(and(eq(giftCardOrders.id, orderId), eq(giftCardOrders.status, 'pending')));
}

/** Cards read per query: on PGlite one query of a 10,000-card batch holds the server (and /health) ~300 ms. */
const CARDS_PER_READ = 1_000;

/**
 * The order's cards in the buyer's order, read a thousand at a time by position (the order's unique
 * index) with the event loop let go between reads, so a large batch never stalls the server.
 */
export async function orderCards(executor: Executor, orderId: string): Promise<GiftCardRow[]> {
  const cards: GiftCardRow[] = [];
  for (;;) {
    const after = cards.at(-1)?.position ?? null; // every card of an order has its place
    const page = await executor
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.orderId, orderId), after === null ? undefined : gt(giftCards.position, after)))
      .orderBy(asc(giftCards.position))
      .limit(CARDS_PER_READ);
    cards.push(...page);
    if (page.length < CARDS_PER_READ) return cards;
    await nextTurn();
  }
}

/** The order's cards whose latest delivery e-mail bounced (the address was refused for good). */
export async function bouncedCardIds(executor: Executor, orderId: string): Promise<Set<string>> {
  const rows = await executor
    .select({ id: giftCards.id })
    .from(giftCards)
    .innerJoin(mailOutbox, eq(mailOutbox.id, giftCards.deliveryMailId))
    .where(and(eq(giftCards.orderId, orderId), eq(mailOutbox.status, 'bounced')));
  return new Set(rows.map((row) => row.id));
}

/**
 * The cards whose codes the buyer holds: all of a company's batch (it hands them out or keeps the
 * list) and of a PDF order, else those whose send was cancelled (never sent, no moment).
 */
export async function printableCards(executor: Executor, order: GiftCardOrderRow): Promise<GiftCardRow[]> {
  const cards = await orderCards(executor, order.id);
  if (order.kind === 'corporate' || order.shippingMode === 'pdf') return cards;
  return cards.filter((card) => card.deliverAt === null && card.deliveredAt === null);
}

/** Succeeded payments whose order is not paid yet (a crash between the charge and the issue). */
export async function succeededPaymentsOfOpenOrders(executor: Executor, limit: number): Promise<Array<{ id: string }>> {
  return executor
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, payments.giftCardOrderId))
    .where(and(eq(payments.status, 'succeeded'), inArray(giftCardOrders.status, ['pending', 'expired', 'failed'])))
    .limit(limit);
}
