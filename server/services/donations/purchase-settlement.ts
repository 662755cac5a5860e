import type { Locale } from '../../../contracts/constants';
import type { Executor } from '../../db/types';
import { confirmGiftCardOrder } from '../gift-cards/orders/issue-order-cards';
import { settlePendingOrder } from '../gift-cards/orders/gift-card-orders-repository';
import { confirmDonation, type ConfirmDeps, type ConfirmOutcome } from './confirm-donation';
import { settlePendingDonation } from './donations-repository';
import { findPayment, type PaymentRow } from './payments-repository';

/**
 * A payment pays for one purchase: a donation or a gift-card order (payments_one_purchase). What
 * happens to the purchase when its payment settles is decided here, so the gateway's answers,
 * webhooks and reconciliation treat both alike.
 */

/** A failed or expired payment fails (or expires) its purchase, unless that was settled already. */
export async function settleUnpaidPurchase(tx: Executor, payment: PaymentRow, status: 'failed' | 'expired', now: Date): Promise<void> {
  if (payment.donationId) await settlePendingDonation(tx, payment.donationId, status, now, payment);
  else if (payment.giftCardOrderId) await settlePendingOrder(tx, payment.giftCardOrderId, status, now);
}

/** Step 4 of a purchase whose payment succeeded: the donation confirmed, or the order's cards issued. Idempotent. */
export async function confirmPayment(deps: ConfirmDeps, paymentId: string, options: { locale?: Locale } = {}): Promise<ConfirmOutcome> {
  const payment = await findPayment(deps.db, paymentId);
  if (payment?.giftCardOrderId) return confirmGiftCardOrder(deps, paymentId);
  return confirmDonation(deps, paymentId, options);
}
