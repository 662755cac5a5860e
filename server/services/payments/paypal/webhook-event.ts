import { z } from 'zod';
import { singleHeader } from '../provider-kit/single-header';

/**
 * PayPal webhooks: the transmission headers to verify (POST /v1/notifications/verify-webhook-signature)
 * and the event body. A verified event is still only a hint: what it names is read back from the API
 * (getCapture / getOrder) and that answer is what gets recorded.
 */

export const PAYPAL_WEBHOOK_EVENT_TYPES = [
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
] as const;
export type PaypalWebhookEventType = (typeof PAYPAL_WEBHOOK_EVENT_TYPES)[number];

/** The verification request's fields, from the PAYPAL-* headers of the notification. */
export interface PaypalWebhookTransmission {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
}

const HEADER_OF: Record<keyof PaypalWebhookTransmission, string> = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
};

/** The PAYPAL-* headers (any case), or null when one is missing or repeated. */
export function webhookTransmission(headers: Record<string, string | string[] | undefined>): PaypalWebhookTransmission | null {
  const fields: Partial<PaypalWebhookTransmission> = {};
  for (const [field, header] of Object.entries(HEADER_OF) as [keyof PaypalWebhookTransmission, string][]) {
    const value = singleHeader(headers, header);
    if (value === undefined) return null;
    fields[field] = value;
  }
  return fields as PaypalWebhookTransmission;
}

const resourceSchema = z.object({
  id: z.string(),
  custom_id: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
  purchase_units: z.array(z.object({ custom_id: z.string().optional(), reference_id: z.string().optional() })).optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string(),
  resource_type: z.string().optional(),
  create_time: z.string().optional(),
  resource: resourceSchema,
});

export interface PaypalWebhookEvent {
  id: string;
  type: PaypalWebhookEventType;
  /** The order to read back (CHECKOUT.ORDER.APPROVED, or a capture's order). */
  orderId: string | null;
  /** The capture to read back: the resource of PAYMENT.CAPTURE.*, or the one a refund/reversal points `up` to. */
  captureId: string | null;
  /** The refund of PAYMENT.CAPTURE.REFUNDED / REVERSED (their resource is a refund). */
  refundId: string | null;
  /** Our payment id, as sent in custom_id, when the event carries it. */
  customId: string | null;
  createTime: string | null;
}

const upCaptureId = (links: readonly { href: string; rel: string }[] | undefined) => {
  const match = /\/captures\/([^/?#]+)/.exec(links?.find((link) => link.rel === 'up')?.href ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
};

/** Reads a (verified) event body; null for a malformed body or an event type we do not act on. */
export function parsePaypalWebhookEvent(rawBody: Buffer | string): PaypalWebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) return null;
  const type = PAYPAL_WEBHOOK_EVENT_TYPES.find((known) => known === parsed.data.event_type);
  if (!type) return null;
  const { resource } = parsed.data;
  const base = { id: parsed.data.id, type, createTime: parsed.data.create_time ?? null };
  if (type === 'CHECKOUT.ORDER.APPROVED') {
    const unit = resource.purchase_units?.[0];
    return { ...base, orderId: resource.id, captureId: null, refundId: null, customId: unit?.custom_id ?? unit?.reference_id ?? null };
  }
  if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
    return { ...base, orderId: null, captureId: upCaptureId(resource.links), refundId: resource.id, customId: resource.custom_id ?? null };
  }
  return {
    ...base,
    orderId: resource.supplementary_data?.related_ids?.order_id ?? null,
    captureId: resource.id,
    refundId: null,
    customId: resource.custom_id ?? null,
  };
}
