import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How far the HTTP events API accepts a request's auth_timestamp from our clock, either way (Pusher's rule). */
export const EVENTS_TIMESTAMP_TOLERANCE_S = 600;

const hmacHex = (secret: string, text: string): string => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Constant-time comparison of two texts (different lengths are simply unequal). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A private channel's authorisation string: `key:HMAC-SHA256(secret, "socket_id:channel")`. */
export function channelAuth(app: { key: string; secret: string }, socketId: string, channel: string): string {
  return `${app.key}:${hmacHex(app.secret, `${socketId}:${channel}`)}`;
}

export function verifyChannelAuth(app: { key: string; secret: string }, socketId: string, channel: string, auth: unknown): boolean {
  return typeof auth === 'string' && sameText(auth, channelAuth(app, socketId, channel));
}

export const bodyMd5 = (body: string): string => createHash('md5').update(body, 'utf8').digest('hex');

/** `k=v&…` sorted by key, as the SDKs sign it (values unescaped). */
const sortedQuery = (params: Record<string, string>): string =>
  Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/**
 * The query string of a signed HTTP API request (what the official SDKs send); the bench and tests use
 * it to sign requests with a chosen timestamp.
 */
export function signedEventsQuery(
  app: { key: string; secret: string },
  request: { method: string; path: string; body: string; timestampS: number },
): string {
  const params = { auth_key: app.key, auth_timestamp: String(request.timestampS), auth_version: '1.0', body_md5: bodyMd5(request.body) };
  const query = sortedQuery(params);
  return `${query}&auth_signature=${hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${query}`)}`;
}

export type EventsRequestCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a request to the HTTP events API: our key, version 1.0, a timestamp within 600 s, the body's
 * MD5 and the HMAC of "METHOD\npath\nsorted query without auth_signature".
 */
export function verifyEventsRequest(
  app: { key: string; secret: string },
  request: { method: string; path: string; query: Record<string, unknown>; rawBody: string; nowS: number },
): EventsRequestCheck {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.query)) {
    if (typeof value !== 'string') return { ok: false, reason: `query parameter ${name} is repeated or empty` };
    if (name !== 'auth_signature') params[name] = value;
  }
  const signature = request.query.auth_signature;
  if (typeof signature !== 'string') return { ok: false, reason: 'auth_signature missing' };
  if (params.auth_key !== app.key) return { ok: false, reason: 'unknown auth_key' };
  if (params.auth_version !== '1.0') return { ok: false, reason: 'auth_version must be 1.0' };
  const timestamp = Number(params.auth_timestamp);
  if (!/^\d+$/.test(params.auth_timestamp ?? '') || Math.abs(request.nowS - timestamp) > EVENTS_TIMESTAMP_TOLERANCE_S) {
    return { ok: false, reason: `auth_timestamp must be within ${EVENTS_TIMESTAMP_TOLERANCE_S} s of the server's clock` };
  }
  if (request.rawBody !== '' || params.body_md5 !== undefined) {
    if (!sameText(params.body_md5 ?? '', bodyMd5(request.rawBody))) return { ok: false, reason: 'body_md5 does not match the body' };
  }
  const expected = hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${sortedQuery(params)}`);
  return sameText(signature, expected) ? { ok: true } : { ok: false, reason: 'invalid auth_signature' };
}
