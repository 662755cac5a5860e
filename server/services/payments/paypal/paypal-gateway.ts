import { isUuid } from '../../../db/uuid';
import type { Clock } from '../../clock';
import type {
  GatewayEvent,
  GatewayPaymentState,
  RedirectGateway,
  PaypalOrder as GatewayPaypalOrder,
  RefundResult,
  WebhookReading,
} from '../gateway';
import { outageAsUnavailable } from '../provider-kit/outage';
import { createPaypalClient, type PaypalClient } from './api-client';
import { PaypalError } from './errors';
import { refundFailureOf } from './refund-failure';
import { needsCapture, outcomeOfCapture, outcomeOfOrder, type PaypalOutcome } from './status';
import type { PaypalOrder } from './views';
import { parsePaypalWebhookEvent, type PaypalWebhookEvent } from './webhook-event';

export const PAYPAL = 'paypal';

export interface PaypalGatewayOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook registered for /api/v1/payments/webhooks/paypal: every event is verified with it. */
  webhookId: string;
  /** The site's address: PayPal sends the donor back to absolute URLs, our routes give paths. */
  publicUrl: string;
  clock: Clock;
  fetchFn?: typeof fetch;
}

/**
 * PayPal Orders v2 behind PaymentGateway (docs/payments.md, "PayPal"). An order carries our payment id
 * as custom_id and as its PayPal-Request-Id; we keep the order id as the payment's gatewayRef. The
 * donor approves on PayPal, and the order is captured when they come back (the thank-you page reads
 * the donation, which asks `lookup`), by the CHECKOUT.ORDER.APPROVED webhook if they never do, or by
 * reconciliation if that webhook is lost. Every capture carries `capture-<order id>` as its
 * PayPal-Request-Id, so the three never take the money twice.
 */
export function createPaypalGateway(options: PaypalGatewayOptions): RedirectGateway {
  const api = createPaypalClient({
    baseUrl: options.apiUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetchFn: options.fetchFn,
  });
  const onSite = (path: string) => {
    if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`a PayPal return URL must be a path on this site, got ${path}`);
    return `${options.publicUrl}${path}`;
  };

  return {
    name: PAYPAL,

    async createPaypalOrder({ idempotencyKey, amountCents, description, returnUrl, cancelUrl }): Promise<GatewayPaypalOrder> {
      const order = await outageAsUnavailable(() =>
        api.createOrder(
          { paymentId: idempotencyKey, amountCents, description, returnUrl: onSite(returnUrl), cancelUrl: onSite(cancelUrl) },
          idempotencyKey,
        ),
      );
      if (!order.approveUrl) throw new Error(`PayPal answered order ${order.id} (${order.status}) without its approve link`);
      return { gatewayRef: order.id, approveUrl: order.approveUrl };
    },

    async lookup(idempotencyKey, gatewayRef): Promise<GatewayPaymentState | null> {
      // PayPal finds orders by id only: a payment whose order was never recorded was never shown to a donor.
      if (!gatewayRef) return null;
      const order = await orderOrNull(api, gatewayRef);
      if (!order) return null;
      if (order.customId !== idempotencyKey)
        throw new Error(`PayPal order ${order.id} belongs to ${order.customId}, not ${idempotencyKey}`);
      return stateOf(order.id, order.amountCents, await capturedOutcome(api, order));
    },

    async refund({ idempotencyKey, gatewayRef, amountCents }): Promise<RefundResult> {
      try {
        const capture = (await api.getOrder(gatewayRef)).captures.at(-1);
        if (!capture) return { gatewayRef: null, status: 'failed', failureCode: 'refund.payment_not_refundable' };
        const refund = await api.refundCapture(capture.id, amountCents, idempotencyKey);
        if (refund.status === 'FAILED' || refund.status === 'CANCELLED')
          return { gatewayRef: refund.id, status: 'failed', failureCode: 'refund.failed' };
        return { gatewayRef: refund.id, status: 'succeeded' };
      } catch (error) {
        if (!(error instanceof PaypalError) || error.retryable) throw error;
        return { gatewayRef: null, status: 'failed', failureCode: refundFailureOf(error) };
      }
    },

    async readWebhook({ rawBody, headers }): Promise<WebhookReading> {
      // PayPal's documented check, before anything in the body is read (PayPal unreachable: 5xx, PayPal redelivers).
      if (!(await api.verifyWebhookSignature(headers, rawBody, options.webhookId))) return { kind: 'forged' };
      const event = parsePaypalWebhookEvent(rawBody);
      if (!event) return { kind: 'noted' };
      // The event is a hint: what PayPal answers now is what we record.
      const read = await readBack(api, event);
      const gatewayEvent = read && eventOf(read, options.clock.now());
      return gatewayEvent ? { kind: 'event', event: gatewayEvent } : { kind: 'noted' };
    },
  };
}

async function orderOrNull(api: PaypalClient, orderId: string): Promise<PaypalOrder | null> {
  try {
    return await api.getOrder(orderId);
  } catch (error) {
    if (error instanceof PaypalError && error.status === 404) return null;
    throw error;
  }
}

/**
 * An approved order is captured now; an already captured one answers its capture. The same
 * PayPal-Request-Id replays the first capture; after PayPal forgot it, ORDER_ALREADY_CAPTURED says the
 * capture exists, and the order read back carries it. A funding source PayPal declines fails the payment.
 */
async function capturedOutcome(api: PaypalClient, order: PaypalOrder): Promise<Settled> {
  if (!needsCapture(order)) return settledOf(order);
  try {
    return settledOf(await api.captureOrder(order.id, `capture-${order.id}`));
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.hasIssue('ORDER_ALREADY_CAPTURED')) return settledOf(await api.getOrder(order.id));
    if (error.hasIssue('INSTRUMENT_DECLINED')) return { outcome: 'failed', failureCode: 'payment.declined', feeCents: null };
    throw error;
  }
}

/** An outcome and PayPal's fee on its capture (seller_receivable_breakdown.paypal_fee; none while pending). */
type Settled = PaypalOutcome & { feeCents: number | null };
const settledOf = (order: PaypalOrder): Settled => ({ ...outcomeOfOrder(order), feeCents: order.captures.at(-1)?.feeCents ?? null });

function stateOf(orderId: string, amountCents: number | null, result: Settled): GatewayPaymentState {
  return {
    gatewayRef: orderId,
    kind: 'paypal',
    // A chargeback takes the money back like a refund, told apart so the donation's history names it.
    status: result.outcome === 'charged_back' ? 'refunded' : result.outcome,
    amountCents: amountCents ?? 0,
    ...(result.outcome === 'failed' ? { failureCode: result.failureCode } : {}),
    ...(result.outcome === 'charged_back' ? { chargeback: true } : {}),
    ...(result.feeCents ? { feeCents: result.feeCents } : {}),
  };
}

interface ReadBack {
  paymentId: string | null;
  orderId: string;
  amountCents: number | null;
  outcome: Settled;
}

/** The order (captured now if approved) or the capture the event names, as PayPal answers it now. */
async function readBack(api: PaypalClient, event: PaypalWebhookEvent): Promise<ReadBack | null> {
  if (event.type === 'CHECKOUT.ORDER.APPROVED') {
    const order = event.orderId ? await orderOrNull(api, event.orderId) : null;
    if (!order) return null;
    return { paymentId: order.customId, orderId: order.id, amountCents: order.amountCents, outcome: await capturedOutcome(api, order) };
  }
  if (!event.captureId) return null;
  const capture = await api.getCapture(event.captureId);
  if (!capture.orderId) return null;
  return {
    paymentId: capture.customId,
    orderId: capture.orderId,
    amountCents: capture.amountCents,
    outcome: { ...outcomeOfCapture(capture.status), feeCents: capture.feeCents },
  };
}

const EVENT_TYPE = {
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  refunded: 'payment.refunded',
  charged_back: 'payment.refunded',
  pending: null,
} as const;

/** The event the read-back stands for; null while the payment is still open, or not one of ours. */
function eventOf(read: ReadBack, now: Date): GatewayEvent | null {
  const type = EVENT_TYPE[read.outcome.outcome];
  if (!type || !read.paymentId || !isUuid(read.paymentId) || read.amountCents === null) return null;
  return {
    // One event per order and outcome: a replayed or repeated notification applies once.
    id: `paypal:${read.orderId}:${read.outcome.outcome}`,
    type,
    idempotencyKey: read.paymentId,
    gatewayRef: read.orderId,
    amountCents: read.amountCents,
    occurredAt: now,
    ...(read.outcome.outcome === 'charged_back' ? { chargeback: true } : {}),
    ...(read.outcome.feeCents ? { feeCents: read.outcome.feeCents } : {}),
  };
}
