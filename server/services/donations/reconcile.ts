import type { Locale } from '../../../contracts/constants';
import type { PaymentGateways } from '../payments/gateways';
import type { ConfirmDeps } from './confirm-donation';
import { confirmPayment } from './purchase-settlement';
import { succeededPaymentsOfOpenOrders } from '../gift-cards/orders/gift-card-orders-repository';
import { issuePendingBatches } from '../gift-cards/orders/issue-batches';
import {
  claimOpenPaymentsToCheck,
  overduePendingPayments,
  staleProcessingPayments,
  succeededPaymentsOfOpenDonations,
  type PaymentRow,
} from './payments-repository';
import { expirePayment, failUnsentPayment, recordGatewayState } from './payment-outcomes';
import { postProviderFee } from './provider-fee';
import { paidOtherThanCharged, refuseMismatchedPayment } from './amount-mismatch';

export interface ReconcileDeps extends ConfirmDeps {
  gateways: PaymentGateways;
  log?: { warn(obj: object, msg: string): void };
}

/** A payment still 'processing' after this long lost its request (crash, timeout): ask the gateway. */
export const STALE_PROCESSING_MS = 60_000;
/**
 * An open PIX or PayPal payment this old is asked about again every this often, so a webhook the
 * gateway lost (or sent while we were down) settles it within two minutes rather than at its expiry.
 */
export const OPEN_CHECK_EVERY_MS = 60_000;
const BATCH = 50;

/**
 * Asks the gateway what became of a payment and applies it: a charge that succeeded is confirmed, one
 * the gateway never saw failed, an unpaid PIX or PayPal order past its expiry expires.
 */
export async function reconcilePayment(
  deps: ReconcileDeps,
  payment: PaymentRow,
  options: { locale?: Locale } = {},
): Promise<PaymentRow['status']> {
  const { db, clock } = deps;
  // Asked of the provider that took it; one no longer configured here is left as it is (and logged by the job).
  const gateway = deps.gateways.named(payment.gateway);
  if (!gateway) return payment.status;
  const state = await gateway.lookup(payment.id, payment.gatewayRef);
  const now = clock.now();
  const pastExpiry = payment.expiresAt !== null && payment.expiresAt.getTime() <= now.getTime();
  const moved = await db.transaction(async (tx) => {
    if (!state)
      return payment.status === 'processing' ? failUnsentPayment(tx, payment, now) : pastExpiry ? expirePayment(tx, payment, now) : null;
    if (state.status === 'pending' && pastExpiry) return expirePayment(tx, payment, now);
    if (state.status === 'succeeded' && paidOtherThanCharged(payment, state.paidCents))
      return refuseMismatchedPayment(tx, deps, payment, { gatewayRef: state.gatewayRef, paidCents: state.paidCents }, now);
    const recorded = await recordGatewayState(tx, payment, state, now);
    await postProviderFee(tx, payment, state);
    return recorded;
  });
  const status = moved?.status ?? payment.status;
  if (status === 'succeeded') await confirmPayment(deps, payment.id, options);
  return status;
}

/**
 * A read of a purchase (its thank-you page, the checkout waiting on it) settles what can be settled
 * now: an open PIX or PayPal payment past its expiry, and an open PayPal order, which the donor may have
 * just approved on PayPal's page and come back from: its provider captures it (PayPal's `lookup`). A
 * provider that cannot be asked at that moment leaves the order to its webhook and to reconciliation.
 * Answers whether the payment was asked about (the caller reads it again).
 */
export async function settleOnRead(deps: ReconcileDeps, payment: PaymentRow, options: { locale?: Locale } = {}): Promise<boolean> {
  if (payment.status !== 'pending') return false;
  const pastExpiry = payment.expiresAt !== null && payment.expiresAt.getTime() <= deps.clock.now().getTime();
  if (pastExpiry) {
    await reconcilePayment(deps, payment, options);
    return true;
  }
  if (payment.method !== 'paypal') return false;
  try {
    await reconcilePayment(deps, payment, options);
    return true;
  } catch (error) {
    deps.log?.warn(
      { err: error, paymentId: payment.id, gateway: payment.gateway },
      'PayPal order not settled on return; left to its webhook',
    );
    return false;
  }
}

export interface ReconcileReport {
  /** Open payments asked about while open (their webhook may have been lost). */
  checked_open: number;
  looked_up: number;
  confirmed: number;
  expired: number;
  /** Cards of paid corporate batches issued by this pass (a batch a crash or a webhook left to issue). */
  issued: number;
  /** Payments whose provider could not be asked this pass (down, slow): asked again on the next. */
  unreachable: number;
}

/**
 * One pass of the reconciliation job (docs/ledger.md): stale 'processing' payments are looked up,
 * succeeded payments whose donation (or gift-card order) is still open are confirmed, and open PIX/PayPal payments past
 * their expiry are looked up and expired unless paid, and open ones are looked up about once a minute
 * while open (least recently checked first, so none starves behind a long queue). Safe to run on several nodes and repeatedly:
 * every step only moves rows that are still open.
 */
export async function reconcileOnce(deps: ReconcileDeps): Promise<ReconcileReport> {
  const { db, clock } = deps;
  const now = clock.now();
  const report: ReconcileReport = { checked_open: 0, looked_up: 0, confirmed: 0, expired: 0, issued: 0, unreachable: 0 };
  // One provider down must not hold back the others' payments, nor the confirmations below.
  const reconciled = async (payment: PaymentRow): Promise<PaymentRow['status'] | null> => {
    try {
      return await reconcilePayment(deps, payment);
    } catch (error) {
      report.unreachable++;
      deps.log?.warn({ err: error, paymentId: payment.id, gateway: payment.gateway }, 'payment look-up failed; retried next pass');
      return null;
    }
  };

  const stale = await staleProcessingPayments(db, new Date(now.getTime() - STALE_PROCESSING_MS), BATCH);
  const overdue = await overduePendingPayments(db, now, BATCH);
  for (const payment of [...stale, ...overdue]) {
    report.looked_up++;
    const status = await reconciled(payment);
    if (status === 'succeeded') report.confirmed++;
    if (status === 'expired') report.expired++;
  }

  for (const payment of await claimOpenPaymentsToCheck(db, now, new Date(now.getTime() - OPEN_CHECK_EVERY_MS), BATCH)) {
    report.checked_open++;
    if ((await reconciled(payment)) === 'succeeded') report.confirmed++;
  }

  const unconfirmed = [...(await succeededPaymentsOfOpenDonations(db, BATCH)), ...(await succeededPaymentsOfOpenOrders(db, BATCH))];
  for (const { id } of unconfirmed) {
    if ((await confirmPayment(deps, id)) === 'confirmed') report.confirmed++;
  }
  report.issued = await issuePendingBatches(deps);
  return report;
}
