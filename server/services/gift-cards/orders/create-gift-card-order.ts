import type { Locale } from '../../../../contracts/constants';
import { errorCodes } from '../../../../contracts/errors';
import type { GiftCardOrderRequest } from '../../../../contracts/gift-card-orders';
import { givingMessages as gm } from '../../../../contracts/giving-messages';
import { messages as m } from '../../../../contracts/messages';
import { hashOpaqueToken, newOpaqueToken } from '../../../auth/opaque-tokens';
import type { Executor } from '../../../db/types';
import { refused, unauthenticated } from '../../../domain/errors';
import { gatewayMethodOf } from '../../payments/gateways';
import { collectPayment, gatewayCardToken, resumedCardToken, type GatewayCollection } from '../../donations/collect-payment';
import type { DonationDeps } from '../../donations/create-donation';
import { failedPaymentAnswer } from '../../donations/donation-answers';
import {
  holdProcessingPayment,
  INTERNAL_GATEWAY,
  markInternalPaymentSucceeded,
  type PaymentRow,
} from '../../donations/payments-repository';
import { confirmPayment } from '../../donations/purchase-settlement';
import { reconcilePayment } from '../../donations/reconcile';
import type { Checkpoint, StoredResponse } from '../../idempotency/idempotency';
import { spendFromWallet, WalletInsufficientError } from '../../ledger';
import { presentGiftCardOrder } from './gift-card-order-presenter';
import { insertOrderWithPayment, loadOrder, type GiftCardOrderRow, type OrderSpec } from './gift-card-orders-repository';
import { settlePaidOrder } from './issue-order-cards';
import { issueBatch } from './issue-batches';

export interface NewGiftCardOrder {
  spec: OrderSpec;
  payment: GiftCardOrderRequest['payment'];
  userId: string | null;
  locale: Locale;
  checkpoint: Checkpoint;
}

/**
 * Buying gift cards (docs/gift-cards.md), in the steps of a donation so a crash loses nothing: (1)
 * the order and its payment, (2) the gateway call keyed by the payment id, (3) its answer recorded,
 * (4) the cards issued when paid (issue-order-cards.ts). The wallet pays inside the ledger, so
 * it all happens in one transaction.
 */
export function createGiftCardOrderService(deps: DonationDeps) {
  const { db, clock, gateways } = deps;

  async function create(input: NewGiftCardOrder): Promise<StoredResponse> {
    const now = clock.now();
    const { spec, userId } = input;
    const method = input.payment.method;
    if ((method === 'wallet' || method === 'saved_card') && !userId) throw unauthenticated(errorCodes.tokenMissing, m.mustBeSignedIn);
    const receiptToken = newOpaqueToken();
    const base = { spec, userId, receiptTokenHash: hashOpaqueToken(receiptToken), locale: input.locale };
    const note = (orderId: string) => ({ gift_card_order_id: orderId, receipt_token: receiptToken, locale: input.locale });

    if (method === 'wallet') {
      const paid = await db.transaction(async (tx) => {
        const { order, payment } = await insertOrderWithPayment(tx, { ...base, gateway: INTERNAL_GATEWAY, now });
        await payWithWallet(tx, order, now);
        await markInternalPaymentSucceeded(tx, payment.id, now);
        await settlePaidOrder(tx, deps, order, { ...payment, status: 'succeeded' }, now);
        await input.checkpoint(tx, note(order.id));
        return order;
      });
      startIssuing(paid);
      return answer(paid.id, receiptToken, input.locale);
    }

    const cardToken = await gatewayCardToken(deps, input.payment, userId);
    const { order, payment } = await db.transaction(async (tx) => {
      const created = await insertOrderWithPayment(tx, { ...base, gateway: gateways.for(gatewayMethodOf(method)).name, now });
      await input.checkpoint(tx, note(created.order.id));
      return created;
    });
    await pay(payment, order, cardToken, input.locale);
    return answer(order.id, receiptToken, input.locale);
  }

  async function pay(payment: PaymentRow, order: GiftCardOrderRow, cardToken: string | null, locale: Locale): Promise<void> {
    const collection: GatewayCollection =
      cardToken !== null
        ? { kind: 'card', cardToken }
        : order.paymentMethod === 'pix'
          ? { kind: 'pix' }
          : {
              kind: 'paypal',
              returnUrl: `/gift-card/agradecimento?type=${order.shippingMode}&order=${order.id}`,
              cancelUrl: '/gift-card/checkout?error=paypal_cancelled',
            };
    const recorded = await collectPayment(deps, payment, collection, `Gift cards Semear (${order.quantity})`);
    if (recorded?.status !== 'succeeded') return;
    await deps.hooks?.beforeConfirm?.(payment.id);
    await confirmPayment(deps, payment.id, { locale });
    startIssuing(order);
  }

  /** A company's batch starts issuing now, without holding the answer (the reconciliation pass is the safety net). */
  function startIssuing(order: GiftCardOrderRow): void {
    if (order.kind !== 'corporate') return;
    void issueBatch(deps, order.id).catch((error: unknown) => deps.log?.warn({ err: error }, 'gift card batch issue stopped'));
  }

  /** The wallet pays into the internal clearing account, from which the cards are filled like any other. */
  async function payWithWallet(tx: Executor, order: GiftCardOrderRow, now: Date): Promise<void> {
    try {
      await spendFromWallet(tx, {
        userId: order.userId as string,
        amountCents: order.totalCents,
        to: { kind: 'gateway_clearing', gateway: INTERNAL_GATEWAY },
        reference: `gift_card_order_payment:${order.id}`,
        kind: 'gift_card_purchase',
        now,
      });
    } catch (error) {
      if (error instanceof WalletInsufficientError) throw refused(errorCodes.walletInsufficient, gm.walletInsufficient);
      throw error;
    }
  }

  async function answer(orderId: string, receiptToken: string, locale: Locale): Promise<StoredResponse> {
    const found = await loadOrder(db, orderId);
    if (!found) throw new Error(`gift card order ${orderId} vanished`);
    return (
      failedPaymentAnswer(found.payment, deps.translator, locale, { gift_card_order_id: orderId }) ?? {
        status: 201,
        body: await presentGiftCardOrder(db, found, receiptToken),
      }
    );
  }

  /**
   * A retry of a request that failed (or whose process died) after its order was written: a payment
   * still 'processing' is sent again under the same key when the request is at hand, else reconciled;
   * a succeeded one has its cards issued. Then the answer the first attempt would have given.
   */
  async function resume(
    note: Record<string, unknown>,
    retry?: { payment: GiftCardOrderRequest['payment']; userId: string | null },
  ): Promise<StoredResponse> {
    const orderId = String(note.gift_card_order_id);
    const locale = (note.locale as Locale | undefined) ?? 'pt';
    const found = await loadOrder(db, orderId);
    if (!found) throw new Error(`gift card order ${orderId} vanished`);
    const { payment, order } = found;
    const held =
      retry && payment.status === 'processing' && gateways.named(payment.gateway)
        ? await holdProcessingPayment(db, payment.id, clock.now())
        : null;
    if (held && retry) await pay(held, order, await resumedCardToken(db, retry.payment, retry.userId), locale);
    else if (payment.status === 'processing') await reconcilePayment(deps, payment, { locale });
    else if (payment.status === 'succeeded') await confirmPayment(deps, payment.id, { locale });
    startIssuing(order);
    return answer(orderId, String(note.receipt_token), locale);
  }

  return { create, resume };
}
