import type { RefundFailureCode } from '../../../../contracts/admin-donations';
import type { CardFailureCode } from '../gateway';
import { MP_CAUSE, type MercadoPagoError } from './errors';

/**
 * Mercado Pago's `status` + `status_detail` of a payment, in our terms. The tables follow the
 * documented "payment creation results" and "reasons for rejection" (docs/payments.md, Mercado Pago).
 */

export type MercadoPagoOutcome = 'succeeded' | 'pending' | 'failed' | 'refunded' | 'charged_back' | 'expired';

/** Our failure codes for a refused card (gateway.ts lists them; each has its message in contracts). */
export type MercadoPagoFailureCode = CardFailureCode;

export type MercadoPagoStatusResult =
  | { outcome: Exclude<MercadoPagoOutcome, 'failed'>; failureCode: null; known: boolean }
  | { outcome: 'failed'; failureCode: MercadoPagoFailureCode; known: boolean };

export const MP_PAYMENT_STATUSES = [
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
] as const;

/** `status` alone; `rejected` and `cancelled` need the detail (below). */
const OUTCOME_BY_STATUS: Record<string, Exclude<MercadoPagoOutcome, 'failed' | 'expired'>> = {
  approved: 'succeeded',
  // A dispute is open: the money was taken and stays counted until it ends charged_back or refunded.
  in_mediation: 'succeeded',
  // Authorised but not captured: we always capture, so it is on its way; never money in hand.
  authorized: 'pending',
  pending: 'pending',
  // In review (pending_contingency, pending_review_manual): settled later by webhook.
  in_process: 'pending',
  refunded: 'refunded',
  charged_back: 'charged_back',
};

/** Documented `status_detail` of rejected card payments. Anything else cc_rejected_* is a plain decline. */
export const REJECTION_FAILURE_CODES: Record<string, MercadoPagoFailureCode> = {
  cc_rejected_insufficient_amount: 'payment.insufficient_funds',
  cc_rejected_bad_filled_security_code: 'payment.bad_security_code',
  cc_rejected_bad_filled_card_number: 'payment.card_data_invalid',
  cc_rejected_bad_filled_date: 'payment.card_data_invalid',
  cc_rejected_bad_filled_other: 'payment.card_data_invalid',
  cc_rejected_call_for_authorize: 'payment.call_for_authorize',
  cc_rejected_card_disabled: 'payment.card_disabled',
  cc_rejected_duplicated_payment: 'payment.duplicated',
  cc_rejected_high_risk: 'payment.declined',
  rejected_high_risk: 'payment.declined',
  cc_rejected_blacklist: 'payment.declined',
  cc_rejected_max_attempts: 'payment.declined',
  cc_rejected_other_reason: 'payment.declined',
  cc_rejected_by_bank: 'payment.declined',
  rejected_by_bank: 'payment.declined',
  cc_rejected_insufficient_data: 'payment.declined',
  rejected_insufficient_data: 'payment.declined',
  cc_rejected_by_regulations: 'payment.declined',
  rejected_by_regulations: 'payment.declined',
  cc_amount_rate_limit_exceeded: 'payment.declined',
  cc_rejected_3ds_mandatory: 'payment.declined',
  cc_rejected_3ds_challenge: 'payment.declined',
  // "We could not process your payment": a processing error, worth another try.
  cc_rejected_card_error: 'payment.failed',
  cc_rejected_card_type_not_allowed: 'payment.declined',
  bank_error: 'payment.failed',
};

const isPix = (paymentMethodId: string | null | undefined) => paymentMethodId === 'pix';

export function mercadoPagoOutcome(payment: {
  status: string;
  statusDetail: string | null;
  paymentMethodId?: string | null;
}): MercadoPagoStatusResult {
  const detail = payment.statusDetail ?? '';
  switch (payment.status) {
    case 'rejected': {
      const known = detail in REJECTION_FAILURE_CODES;
      const failureCode = REJECTION_FAILURE_CODES[detail] ?? (detail.startsWith('cc_rejected') ? 'payment.declined' : 'payment.failed');
      return { outcome: 'failed', failureCode, known };
    }
    case 'cancelled':
      // A PIX nobody paid in time is cancelled with detail `expired`; so is any we cancel ourselves.
      if (isPix(payment.paymentMethodId) || detail === 'expired') return { outcome: 'expired', failureCode: null, known: true };
      return { outcome: 'failed', failureCode: 'payment.failed', known: true };
    default: {
      const outcome = OUTCOME_BY_STATUS[payment.status];
      // An undocumented status confirms nothing: pending keeps the payment open for the next look-up.
      return outcome ? { outcome, failureCode: null, known: true } : { outcome: 'pending', failureCode: null, known: false };
    }
  }
}

/**
 * A create that Mercado Pago refused with an error (no payment made). A retryable error has no
 * failure code: the caller retries with the same idempotency key, or leaves the payment open.
 */
export function cardFailureForError(error: MercadoPagoError): MercadoPagoFailureCode | null {
  if (error.retryable) return null;
  if (error.hasCause(MP_CAUSE.cardTokenNotFound) || error.hasCause(MP_CAUSE.invalidCardToken)) return 'card.token_invalid';
  return 'payment.failed';
}

/**
 * A refund Mercado Pago refused. It documents no code for "more than is left", so the caller passes
 * what was asked and what the payment has left (read back with getPayment) to tell it apart.
 */
export function refundFailureForError(
  error: MercadoPagoError,
  amounts?: { requestedCents: number; refundableCents: number },
): RefundFailureCode | null {
  if (error.retryable) return null;
  if (error.status === 404 || error.hasCause(MP_CAUSE.paymentNotFound)) return 'refund.payment_unknown';
  if (amounts && amounts.requestedCents > amounts.refundableCents)
    return amounts.refundableCents === 0 ? 'refund.payment_not_refundable' : 'refund.exceeds_captured';
  if (
    error.hasCause(MP_CAUSE.actionNotValidForPaymentState) ||
    error.hasCause(MP_CAUSE.paymentTooOldToRefund) ||
    error.hasCause(MP_CAUSE.paymentTooOldToRefundAlt) ||
    error.hasCause(MP_CAUSE.partialRefundUnsupported)
  )
    return 'refund.payment_not_refundable';
  return 'refund.failed';
}
