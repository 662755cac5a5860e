import { paypalValueToCents } from './money';
import type { PaypalCaptureBody, PaypalOrderBody, PaypalRefundBody } from './schemas';
import type { PaypalCaptureStatus, PaypalOrderStatus } from './status';

/** The currency every order is made in; answers in any other currency are refused, not converted. */
export const PAYPAL_CURRENCY = 'BRL';

export interface PaypalCapture {
  id: string;
  status: PaypalCaptureStatus;
  /** PayPal's `status_details.reason` (PENDING_REVIEW, ECHECK, CHARGEBACK…), or null. */
  statusReason: string | null;
  amountCents: number | null;
  /** PayPal's fee and what the NGO receives (seller_receivable_breakdown); absent while PENDING. */
  feeCents: number | null;
  netCents: number | null;
  customId: string | null;
  orderId: string | null;
}

export interface PaypalOrder {
  id: string;
  status: PaypalOrderStatus;
  /** Where the donor approves the order (the `payer-action` or `approve` link), or null once approved. */
  approveUrl: string | null;
  referenceId: string | null;
  customId: string | null;
  amountCents: number | null;
  captures: PaypalCapture[];
}

export interface PaypalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amountCents: number | null;
  /** The refunded capture (the refund's `up` link), when PayPal gives it. */
  captureId: string | null;
}

function cents(money: { currency_code: string; value: string } | undefined): number | null {
  if (!money) return null;
  if (money.currency_code !== PAYPAL_CURRENCY)
    throw new RangeError(`PayPal answered an amount in ${money.currency_code}, not ${PAYPAL_CURRENCY}`);
  return paypalValueToCents(money.value);
}

function lastPathSegment(links: readonly { href: string; rel: string }[] | undefined, rel: string, resource: string): string | null {
  const href = links?.find((link) => link.rel === rel)?.href;
  const match = href ? new RegExp(`/${resource}/([^/?#]+)`).exec(href) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export function captureView(body: PaypalCaptureBody): PaypalCapture {
  const breakdown = body.seller_receivable_breakdown;
  return {
    id: body.id,
    status: body.status,
    statusReason: body.status_details?.reason ?? null,
    amountCents: cents(body.amount ?? breakdown?.gross_amount),
    feeCents: cents(breakdown?.paypal_fee),
    netCents: cents(breakdown?.net_amount),
    customId: body.custom_id ?? null,
    orderId: body.supplementary_data?.related_ids?.order_id ?? lastPathSegment(body.links, 'up', 'orders'),
  };
}

export function orderView(body: PaypalOrderBody): PaypalOrder {
  const unit = body.purchase_units?.[0];
  const approve = body.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
  return {
    id: body.id,
    status: body.status,
    approveUrl: approve?.href ?? null,
    referenceId: unit?.reference_id ?? null,
    customId: unit?.custom_id ?? null,
    amountCents: cents(unit?.amount),
    captures: (unit?.payments?.captures ?? []).map(captureView),
  };
}

export function refundView(body: PaypalRefundBody): PaypalRefund {
  return {
    id: body.id,
    status: body.status,
    amountCents: cents(body.amount),
    captureId: lastPathSegment(body.links, 'up', 'captures'),
  };
}
