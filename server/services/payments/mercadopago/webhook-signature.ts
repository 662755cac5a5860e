import { createHmac, timingSafeEqual } from 'node:crypto';
import { singleHeader } from '../provider-kit/single-header';

/**
 * Mercado Pago's webhook signature. Each notification carries
 *   x-signature: ts=<unix time>,v1=<hex HMAC-SHA256>
 *   x-request-id: <uuid>
 * and the resource id in the query string (`?data.id=…&type=payment`). v1 is the HMAC, keyed with
 * the application's webhook secret, of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * (data.id lower-cased when alphanumeric). The body is not signed: a valid notification only says
 * "look at payment <id>", and the payment is read back with GET /v1/payments/{id} before anything is
 * recorded.
 */

export const MERCADOPAGO_SIGNATURE_HEADER = 'x-signature';
export const MERCADOPAGO_REQUEST_ID_HEADER = 'x-request-id';
/** How far `ts` may be from our clock, either way. */
export const MERCADOPAGO_TOLERANCE_S = 300;

/** The text Mercado Pago signs. */
export function mercadoPagoManifest(parts: { dataId: string; requestId: string; ts: string }): string {
  const dataId = /^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId;
  return `id:${dataId};request-id:${parts.requestId};ts:${parts.ts};`;
}

export const mercadoPagoSignatureHex = (secret: string, manifest: string): string =>
  createHmac('sha256', secret).update(manifest).digest('hex');

/** `ts=…,v1=…` → its parts, or null when either is missing, repeated or malformed. */
export function parseMercadoPagoSignature(header: string): { ts: string; v1: string } | null {
  let ts: string | null = null;
  let v1: string | null = null;
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 'ts') {
      if (ts !== null || !/^\d{1,16}$/.test(value)) return null;
      ts = value;
    } else if (name === 'v1') {
      if (v1 !== null || !/^[0-9a-f]{64}$/i.test(value)) return null;
      v1 = value.toLowerCase();
    }
  }
  return ts === null || v1 === null ? null : { ts, v1 };
}

/**
 * `ts` in milliseconds. The docs show seconds (ts=1704908010); notifications with milliseconds have
 * been reported, and the two cannot be confused: seconds have 10 digits until the year 2286,
 * milliseconds 13.
 */
export const mercadoPagoTsMs = (ts: string): number => (ts.length >= 13 ? Number(ts) : Number(ts) * 1000);

function queryValue(query: URLSearchParams | Record<string, unknown>, name: string): string | undefined {
  const value = query instanceof URLSearchParams ? query.get(name) : query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface VerifyMercadoPagoOptions {
  secret: string;
  now: Date;
  toleranceS?: number;
}

/**
 * The payment a correctly signed, fresh notification points at, or null: a missing header, data.id
 * or part, a stale or future `ts`, or a signature that does not match (compared in constant time).
 * `type` is the query's `type` (or `topic`); the caller ignores anything but 'payment'.
 */
export function verifyMercadoPagoNotification(
  headers: Record<string, string | string[] | undefined>,
  query: URLSearchParams | Record<string, unknown>,
  options: VerifyMercadoPagoOptions,
): { paymentId: string; type: string | null } | null {
  const header = singleHeader(headers, MERCADOPAGO_SIGNATURE_HEADER);
  const requestId = singleHeader(headers, MERCADOPAGO_REQUEST_ID_HEADER);
  const dataId = queryValue(query, 'data.id') ?? queryValue(query, 'id');
  if (!header || !requestId || !dataId || !options.secret) return null;
  const parsed = parseMercadoPagoSignature(header);
  if (!parsed) return null;
  const driftS = Math.abs(options.now.getTime() - mercadoPagoTsMs(parsed.ts)) / 1000;
  if (!(driftS <= (options.toleranceS ?? MERCADOPAGO_TOLERANCE_S))) return null;
  const expected = Buffer.from(mercadoPagoSignatureHex(options.secret, mercadoPagoManifest({ dataId, requestId, ts: parsed.ts })), 'hex');
  const given = Buffer.from(parsed.v1, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { paymentId: dataId, type: queryValue(query, 'type') ?? queryValue(query, 'topic') ?? null };
}
