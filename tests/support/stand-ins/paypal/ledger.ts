import { ApiError, money, moneyCents, notFound, paypalId, unprocessable } from './api-error';

/** The stand-in's state: orders, captures and refunds, moving as PayPal documents them. */

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'REVERSED';

export interface StandInOrder {
  id: string;
  status: OrderStatus;
  referenceId: string;
  customId: string | null;
  description: string | null;
  amountCents: number;
  returnUrl: string | null;
  cancelUrl: string | null;
  /** `payer-action` when created with payment_source.paypal.experience_context, `approve` with application_context. */
  approveRel: 'payer-action' | 'approve';
  payerId: string | null;
  captureId: string | null;
  createTime: string;
}

export interface StandInCapture {
  id: string;
  orderId: string;
  status: CaptureStatus;
  statusReason: string | null;
  amountCents: number;
  feeCents: number;
  customId: string | null;
  refundedCents: number;
  createTime: string;
}

export interface StandInRefund {
  id: string;
  captureId: string;
  amountCents: number;
  /** A reversal is the money a chargeback took back (PAYMENT.CAPTURE.REVERSED). */
  kind: 'refund' | 'reversal';
  createTime: string;
}

/** The stand-in's tariff for a BRL capture: 4.79% + R$ 0,60, never more than the capture itself. */
export function standInFeeCents(grossCents: number): number {
  return Math.min(grossCents, Math.floor((grossCents * 479 + 5000) / 10_000) + 60);
}

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export class PaypalLedger {
  readonly orders = new Map<string, StandInOrder>();
  readonly captures = new Map<string, StandInCapture>();
  readonly refunds = new Map<string, StandInRefund>();
  /** What the next capture becomes (PayPal holds some captures PENDING, or declines them): set by a test. */
  nextCaptureStatus: 'COMPLETED' | 'PENDING' | 'DECLINED' = 'COMPLETED';

  constructor(private readonly baseUrl: () => string) {}

  /** A create already checked against `order_request` (request-schemas.ts); what is left are the stand-in's limits. */
  createOrder(body: Record<string, unknown>): StandInOrder {
    if (body.intent !== 'CAPTURE') throw unprocessable('UNSUPPORTED_INTENT', 'The stand-in supports intent CAPTURE only.', '/intent');
    const units = body.purchase_units as unknown[];
    if (units.length !== 1) {
      throw new ApiError(400, {
        issue: 'NOT_SUPPORTED',
        description: 'The stand-in takes one purchase unit (PayPal takes up to 10).',
        field: '/purchase_units',
        location: 'body',
      });
    }
    const unit = units[0] as Record<string, unknown>;
    const amountCents = moneyCents(unit.amount, '/purchase_units/@reference_id==default/amount');
    const source = body.payment_source as { paypal?: { experience_context?: Record<string, unknown> } } | undefined;
    const experience = source?.paypal?.experience_context;
    const context = experience ?? (body.application_context as Record<string, unknown> | undefined);
    const order: StandInOrder = {
      id: paypalId(),
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      referenceId: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
      customId: typeof unit.custom_id === 'string' ? unit.custom_id : null,
      description: typeof unit.description === 'string' ? unit.description : null,
      amountCents,
      returnUrl: typeof context?.return_url === 'string' ? context.return_url : null,
      cancelUrl: typeof context?.cancel_url === 'string' ? context.cancel_url : null,
      approveRel: experience ? 'payer-action' : 'approve',
      payerId: null,
      captureId: null,
      createTime: now(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  order(id: string): StandInOrder {
    const order = this.orders.get(id);
    if (!order) throw notFound(`order ${id}`);
    return order;
  }

  capture(id: string): StandInCapture {
    const capture = this.captures.get(id);
    if (!capture) throw notFound(`capture ${id}`);
    return capture;
  }

  refund(id: string): StandInRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw notFound(`refund ${id}`);
    return refund;
  }

  /** What the donor's click on the approve page does. */
  approve(orderId: string): StandInOrder {
    const order = this.order(orderId);
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED')
      throw unprocessable('ORDER_ALREADY_APPROVED', 'The order was already approved.');
    order.status = 'APPROVED';
    order.payerId = paypalId().slice(0, 13);
    return order;
  }

  captureOrder(orderId: string): StandInOrder {
    const order = this.order(orderId);
    if (order.status === 'COMPLETED')
      throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
    if (order.status !== 'APPROVED') {
      throw unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call.",
      );
    }
    const status = this.nextCaptureStatus;
    this.nextCaptureStatus = 'COMPLETED';
    const capture: StandInCapture = {
      id: paypalId(),
      orderId,
      status,
      statusReason: status === 'PENDING' ? 'PENDING_REVIEW' : null,
      amountCents: order.amountCents,
      feeCents: standInFeeCents(order.amountCents),
      customId: order.customId,
      refundedCents: 0,
      createTime: now(),
    };
    this.captures.set(capture.id, capture);
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    return order;
  }

  /** A PENDING capture clears (or is declined) later, as PayPal's review would. */
  settleCapture(captureId: string, status: 'COMPLETED' | 'DECLINED'): StandInCapture {
    const capture = this.capture(captureId);
    if (capture.status !== 'PENDING') throw new Error(`capture ${captureId} is ${capture.status}, not PENDING`);
    capture.status = status;
    capture.statusReason = null;
    return capture;
  }

  refundCapture(captureId: string, body: Record<string, unknown>): StandInRefund {
    const capture = this.capture(captureId);
    const left = capture.amountCents - capture.refundedCents;
    if (capture.status === 'REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      throw unprocessable('REFUND_NOT_ALLOWED', `A ${capture.status} capture cannot be refunded.`);
    }
    const amountCents = body.amount === undefined ? left : moneyCents(body.amount, '/amount');
    if (amountCents > left)
      throw unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        '/amount/value',
      );
    return this.takeBack(capture, amountCents, 'refund');
  }

  /** A chargeback: the donor's bank takes back what is left of the capture. */
  reverse(captureId: string): StandInRefund {
    const capture = this.capture(captureId);
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      throw new Error(`capture ${captureId} is ${capture.status}: nothing to reverse`);
    return this.takeBack(capture, capture.amountCents - capture.refundedCents, 'reversal');
  }

  private takeBack(capture: StandInCapture, amountCents: number, kind: StandInRefund['kind']): StandInRefund {
    const refund: StandInRefund = { id: paypalId(), captureId: capture.id, amountCents, kind, createTime: now() };
    this.refunds.set(refund.id, refund);
    capture.refundedCents += amountCents;
    capture.status = kind === 'reversal' ? 'REVERSED' : capture.refundedCents === capture.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    if (kind === 'reversal') capture.statusReason = 'CHARGEBACK';
    return refund;
  }

  captureJson(capture: StandInCapture): Record<string, unknown> {
    const api = this.baseUrl();
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.statusReason ? { status_details: { reason: capture.statusReason } } : {}),
      amount: money(capture.amountCents),
      final_capture: true,
      ...(capture.customId ? { custom_id: capture.customId } : {}),
      // PayPal documents the breakdown as absent while the capture is pending.
      ...(capture.status === 'PENDING' || capture.status === 'DECLINED'
        ? {}
        : {
            seller_receivable_breakdown: {
              gross_amount: money(capture.amountCents),
              paypal_fee: money(capture.feeCents),
              net_amount: money(capture.amountCents - capture.feeCents),
            },
          }),
      supplementary_data: { related_ids: { order_id: capture.orderId } },
      create_time: capture.createTime,
      update_time: now(),
      links: [
        { href: `${api}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${api}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  refundJson(refund: StandInRefund): Record<string, unknown> {
    const api = this.baseUrl();
    const capture = this.capture(refund.captureId);
    return {
      id: refund.id,
      status: 'COMPLETED',
      amount: money(refund.amountCents),
      ...(capture.customId ? { custom_id: capture.customId } : {}),
      seller_payable_breakdown: {
        gross_amount: money(refund.amountCents),
        paypal_fee: money(0),
        net_amount: money(refund.amountCents),
        total_refunded_amount: money(capture.refundedCents),
      },
      create_time: refund.createTime,
      update_time: refund.createTime,
      links: [
        { href: `${api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  orderJson(order: StandInOrder): Record<string, unknown> {
    const api = this.baseUrl();
    const capture = order.captureId ? this.capture(order.captureId) : null;
    const links: Record<string, string>[] = [{ href: `${api}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      links.push({ href: `${api}/checkoutnow?token=${order.id}`, rel: order.approveRel, method: 'GET' });
    }
    if (order.status === 'APPROVED') links.push({ href: `${api}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: `doador-${order.payerId.toLowerCase()}@example.com` } } : {}),
      purchase_units: [
        {
          reference_id: order.referenceId,
          ...(order.customId ? { custom_id: order.customId } : {}),
          ...(order.description ? { description: order.description } : {}),
          amount: money(order.amountCents),
          ...(capture ? { payments: { captures: [this.captureJson(capture)] } } : {}),
        },
      ],
      create_time: order.createTime,
      links,
    };
  }
}
