import type { CardFailureCode } from '../gateway';

/** Orders v2 order statuses (GET /v2/checkout/orders/{id} `status`). */
export const PAYPAL_ORDER_STATUSES = ['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED'] as const;
export type PaypalOrderStatus = (typeof PAYPAL_ORDER_STATUSES)[number];

/** Payments v2 capture statuses, plus REVERSED for a capture taken back by a chargeback. */
export const PAYPAL_CAPTURE_STATUSES = [
  'COMPLETED',
  'PENDING',
  'DECLINED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'FAILED',
  'REVERSED',
] as const;
export type PaypalCaptureStatus = (typeof PAYPAL_CAPTURE_STATUSES)[number];

export type PaypalOutcome =
  | { outcome: 'pending' | 'succeeded' | 'refunded' | 'charged_back' }
  | { outcome: 'failed'; failureCode: Extract<CardFailureCode, 'payment.declined' | 'payment.failed'> };

const CAPTURE_OUTCOMES: Record<PaypalCaptureStatus, PaypalOutcome> = {
  COMPLETED: { outcome: 'succeeded' },
  // Funds not yet credited (eCheck, review): the payment is settled later, by webhook or look-up.
  PENDING: { outcome: 'pending' },
  DECLINED: { outcome: 'failed', failureCode: 'payment.declined' },
  FAILED: { outcome: 'failed', failureCode: 'payment.failed' },
  // Part given back: the rest is still a donation; the refunds themselves are recorded as refunds.
  PARTIALLY_REFUNDED: { outcome: 'succeeded' },
  REFUNDED: { outcome: 'refunded' },
  REVERSED: { outcome: 'charged_back' },
};

/** What a capture's status means for our payment. */
export function outcomeOfCapture(status: PaypalCaptureStatus): PaypalOutcome {
  return CAPTURE_OUTCOMES[status];
}

/**
 * What an order means for our payment. Until captured, an order has taken no money: CREATED,
 * PAYER_ACTION_REQUIRED (the donor has not approved yet), SAVED and APPROVED (approved: capturing is
 * our move, see `needsCapture`) are pending; VOIDED was abandoned or cancelled. A COMPLETED order is
 * what its capture is; with no capture to read we do not claim the money arrived.
 */
export function outcomeOfOrder(order: { status: PaypalOrderStatus; captures: readonly { status: PaypalCaptureStatus }[] }): PaypalOutcome {
  switch (order.status) {
    case 'VOIDED':
      return { outcome: 'failed', failureCode: 'payment.failed' };
    case 'COMPLETED': {
      const capture = order.captures.at(-1);
      return capture ? outcomeOfCapture(capture.status) : { outcome: 'pending' };
    }
    default:
      return { outcome: 'pending' };
  }
}

/** The donor approved on PayPal and came back (or the CHECKOUT.ORDER.APPROVED webhook said so): capture now. */
export function needsCapture(order: { status: PaypalOrderStatus }): boolean {
  return order.status === 'APPROVED';
}
