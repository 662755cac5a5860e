import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../../contracts/constants';
import type { GiftCardOrderRequest } from '../../../../contracts/gift-card-orders';
import { giftCardOrders, giftCards, payments, type PaymentMethodName } from '../../../db/schema';
import type { Executor } from '../../../db/types';
import type { PaymentRow } from '../../donations/payments-repository';
import type { GiftCardRow } from '../gift-cards-repository';

/** The gift_card_orders table (docs/gift-cards.md) and the payment written with each order. */
export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect;

/** Step 1 of an order: the order (pending) and its payment (processing), in one transaction. */
export async function insertOrderWithPayment(
  tx: Executor,
  input: {
    request: GiftCardOrderRequest;
    userId: string | null;
    receiptTokenHash: string;
    gateway: string;
    locale: Locale;
    now: Date;
  },
): Promise<{ order: GiftCardOrderRow; payment: PaymentRow }> {
  const { request, now } = input;
  const { definition } = request;
  const { contact_email: contactEmail, ...contact } = request.contact;
  const [order] = await tx
    .insert(giftCardOrders)
    .values({
      userId: input.userId,
      valueCents: definition.value,
      quantity: definition.quantity,
      totalCents: definition.value * definition.quantity,
      template: definition.template,
      message: definition.message,
      sender: definition.from,
      shippingMode: definition.shipping.mode,
      sendAt: definition.shipping.mode === 'email_scheduled' ? new Date(definition.shipping.send_at) : null,
      recipients: definition.recipients.map(({ name, email }) => ({ name, email })),
      paymentMethod: request.payment.method as PaymentMethodName,
      contact: { ...contact, ...(contactEmail ? { contact_email: contactEmail } : {}) },
      address: request.address ?? null,
      locale: input.locale,
      receiptTokenHash: input.receiptTokenHash,
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

/** The order's cards in the buyer's order. */
export async function orderCards(executor: Executor, orderId: string): Promise<GiftCardRow[]> {
  return executor.select().from(giftCards).where(eq(giftCards.orderId, orderId)).orderBy(asc(giftCards.position));
}

/** The cards the buyer hands out: all of a PDF order, else those whose send was cancelled (never sent, no moment). */
export async function printableCards(executor: Executor, order: GiftCardOrderRow): Promise<GiftCardRow[]> {
  const cards = await orderCards(executor, order.id);
  return order.shippingMode === 'pdf' ? cards : cards.filter((card) => card.deliverAt === null && card.deliveredAt === null);
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
