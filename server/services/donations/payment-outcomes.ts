import type { PaymentStatus } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { CardChargeResult, GatewayPaymentState, PaypalOrder, PixCharge } from '../payments/gateway';
import { settleUnpaidPurchase } from './purchase-settlement';
import { movePayment, type PaymentRow } from './payments-repository';

/**
 * Step 3 of a donation: the gateway's answer is written on the payment before any ledger movement,
 * so a crash after the charge leaves a succeeded payment that reconciliation confirms.
 * Each update only moves a payment that is still open, so a late or repeated answer changes nothing.
 */
const OPEN: PaymentStatus[] = ['processing', 'pending'];

export async function recordCardResult(tx: Executor, payment: PaymentRow, result: CardChargeResult, now: Date): Promise<PaymentRow | null> {
  if (result.status === 'succeeded') {
    return movePayment(
      tx,
      payment.id,
      OPEN,
      {
        status: 'succeeded',
        gatewayRef: result.gatewayRef,
        cardBrand: result.brand,
        cardLast4: result.last4,
        attempts: payment.attempts + 1,
      },
      now,
    );
  }
  if (result.status === 'pending') {
    // In review at the provider: open until its webhook or the periodic look-up settles it.
    return movePayment(
      tx,
      payment.id,
      ['processing'],
      {
        status: 'pending',
        gatewayRef: result.gatewayRef,
        cardBrand: result.brand,
        cardLast4: result.last4,
        attempts: payment.attempts + 1,
      },
      now,
    );
  }
  const moved = await movePayment(
    tx,
    payment.id,
    OPEN,
    {
      status: 'failed',
      gatewayRef: result.gatewayRef,
      failureCode: result.failureCode,
      cardBrand: result.brand,
      cardLast4: result.last4,
      attempts: payment.attempts + 1,
    },
    now,
  );
  if (moved) await settleUnpaidPurchase(tx, payment, 'failed', now);
  return moved;
}

export const recordPixCharge = (tx: Executor, payment: PaymentRow, pix: PixCharge, now: Date) =>
  movePayment(
    tx,
    payment.id,
    ['processing'],
    { status: 'pending', gatewayRef: pix.gatewayRef, pixBrCode: pix.brCode, expiresAt: pix.expiresAt, attempts: payment.attempts + 1 },
    now,
  );

export const recordPaypalOrder = (tx: Executor, payment: PaymentRow, order: PaypalOrder, expiresAt: Date, now: Date) =>
  movePayment(
    tx,
    payment.id,
    ['processing'],
    { status: 'pending', gatewayRef: order.gatewayRef, approveUrl: order.approveUrl, expiresAt, attempts: payment.attempts + 1 },
    now,
  );

/**
 * What the gateway says now (a lookup or a webhook) applied to the payment. A success also moves an
 * expired or failed payment: the money did arrive, so the donation is confirmed after all.
 */
export async function recordGatewayState(
  tx: Executor,
  payment: PaymentRow,
  state: Pick<GatewayPaymentState, 'status' | 'gatewayRef' | 'failureCode'>,
  now: Date,
): Promise<PaymentRow | null> {
  const gatewayRef = payment.gatewayRef ?? state.gatewayRef;
  switch (state.status) {
    case 'succeeded':
      return movePayment(tx, payment.id, ['processing', 'pending', 'expired', 'failed'], { status: 'succeeded', gatewayRef }, now);
    case 'failed': {
      const moved = await movePayment(
        tx,
        payment.id,
        OPEN,
        { status: 'failed', gatewayRef, failureCode: state.failureCode ?? 'payment.failed' },
        now,
      );
      if (moved) await settleUnpaidPurchase(tx, payment, 'failed', now);
      return moved;
    }
    case 'expired':
      return expirePayment(tx, payment, now);
    case 'pending':
      return movePayment(tx, payment.id, ['processing'], { status: 'pending', gatewayRef }, now);
    case 'refunded':
      return null;
  }
}

export async function expirePayment(tx: Executor, payment: PaymentRow, now: Date): Promise<PaymentRow | null> {
  const moved = await movePayment(
    tx,
    payment.id,
    OPEN,
    { status: 'expired', failureCode: payment.method === 'pix' ? 'payment.pix_expired' : 'payment.failed' },
    now,
  );
  if (moved) await settleUnpaidPurchase(tx, payment, 'expired', now);
  return moved;
}

/**
 * The gateway never received the request (lookup found nothing): the payment failed, unless it was
 * touched since it was read (a retry taking over after a crash is sending it right now).
 */
export async function failUnsentPayment(tx: Executor, payment: PaymentRow, now: Date): Promise<PaymentRow | null> {
  const moved = await movePayment(
    tx,
    payment.id,
    ['processing'],
    { status: 'failed', failureCode: 'payment.failed' },
    now,
    payment.updatedAt,
  );
  if (moved) await settleUnpaidPurchase(tx, payment, 'failed', now);
  return moved;
}
