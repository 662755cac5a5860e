import type { RefundFailureCode } from '../../../../contracts/admin-donations';
import type { PaypalError } from './errors';

/** PayPal's documented refusals of a refund (details[].issue), in our refund codes; any other is refund.failed. */
const REFUND_FAILURE_OF_ISSUE: Record<string, RefundFailureCode> = {
  REFUND_AMOUNT_EXCEEDED: 'refund.exceeds_captured',
  CAPTURE_FULLY_REFUNDED: 'refund.payment_not_refundable',
  REFUND_NOT_ALLOWED: 'refund.payment_not_refundable',
  REFUND_TIME_LIMIT_EXCEEDED: 'refund.payment_not_refundable',
  INVALID_RESOURCE_ID: 'refund.payment_unknown',
};

export function refundFailureOf(error: PaypalError): RefundFailureCode {
  for (const issue of error.issues) {
    const code = REFUND_FAILURE_OF_ISSUE[issue];
    if (code) return code;
  }
  return error.status === 404 ? 'refund.payment_unknown' : 'refund.failed';
}
