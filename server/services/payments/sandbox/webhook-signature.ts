import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_S } from '../../../../contracts/constants';
import type { Clock } from '../../clock';
import { singleHeader } from '../provider-kit/single-header';
import type { GatewayEvent } from '../gateway';

/**
 * Webhook signatures in Stripe's scheme: `x-semear-signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`
 * over `${t}.${rawBody}`. The timestamp is inside the signed text, so an old event cannot be replayed
 * with a fresh time; several v1 values may be sent while a secret is being rotated.
 */

export const GATEWAY_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'payment.expired', 'payment.refunded'] as const;

/** The JSON body of an event as it travels. */
export const webhookEventBodySchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(GATEWAY_EVENT_TYPES),
  created: z.number().int().nonnegative(),
  data: z.object({
    idempotency_key: z.string().min(1).max(255),
    gateway_ref: z.string().min(1).max(255),
    amount_cents: z.number().int().positive(),
  }),
});
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;

export function webhookEventBody(event: GatewayEvent): WebhookEventBody {
  return {
    id: event.id,
    type: event.type,
    created: Math.floor(event.occurredAt.getTime() / 1000),
    data: { idempotency_key: event.idempotencyKey, gateway_ref: event.gatewayRef, amount_cents: event.amountCents },
  };
}

const hmacHex = (secret: string, timestampS: number, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestampS}.`).update(rawBody).digest('hex');

/** The header value for a body: one v1 per secret (the new one first while rotating). */
export function signWebhook(rawBody: string | Buffer, secrets: string | readonly string[], timestampS: number): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestampS}`, ...list.map((secret) => `v1=${hmacHex(secret, timestampS, rawBody)}`)].join(',');
}

/** `t=...,v1=...,v1=...` → its parts, or null when the header is not in that shape. */
export function parseSignatureHeader(header: string): { timestampS: number; signatures: string[] } | null {
  let timestampS: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't') {
      if (timestampS !== null || !/^\d{1,12}$/.test(value)) return null;
      timestampS = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, future versions) are ignored, as Stripe's clients do.
  }
  return timestampS === null || signatures.length === 0 ? null : { timestampS, signatures };
}

export interface VerifyOptions {
  /** Every secret currently accepted (the old and the new one during a rotation). */
  secrets: string | readonly string[];
  nowS: number;
  toleranceS?: number;
}

/** True when one v1 signature matches one accepted secret and the timestamp is within the tolerance. */
export function verifyWebhookSignature(rawBody: string | Buffer, header: string | undefined, options: VerifyOptions): boolean {
  if (!header) return false;
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  if (Math.abs(options.nowS - parsed.timestampS) > (options.toleranceS ?? WEBHOOK_TOLERANCE_S)) return false;
  const secrets = typeof options.secrets === 'string' ? [options.secrets] : options.secrets;
  let matched = false;
  // Every comparison runs, so the time taken does not say which signature or secret came close.
  for (const secret of secrets) {
    const expected = Buffer.from(hmacHex(secret, parsed.timestampS, rawBody), 'hex');
    for (const signature of parsed.signatures) {
      if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
    }
  }
  return matched;
}

/**
 * Checks the signature over the raw bytes, then reads the event; null for a forged, stale or
 * malformed webhook. The body is parsed only after the signature holds.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  headers: Record<string, string | string[] | undefined>,
  options: { secrets: string | readonly string[]; clock: Clock; toleranceS?: number },
): GatewayEvent | null {
  const nowS = Math.floor(options.clock.now().getTime() / 1000);
  if (
    !verifyWebhookSignature(rawBody, singleHeader(headers, WEBHOOK_SIGNATURE_HEADER), {
      secrets: options.secrets,
      nowS,
      toleranceS: options.toleranceS,
    })
  )
    return null;
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const body = webhookEventBodySchema.safeParse(json);
  if (!body.success) return null;
  const { id, type, created, data } = body.data;
  return {
    id,
    type,
    idempotencyKey: data.idempotency_key,
    gatewayRef: data.gateway_ref,
    amountCents: data.amount_cents,
    occurredAt: new Date(created * 1000),
  };
}
