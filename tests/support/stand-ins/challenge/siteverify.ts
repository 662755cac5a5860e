import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of Cloudflare Turnstile's and hCaptcha's `siteverify`, written from their documentation:
 * a POST with `secret`, `response` and optional `remoteip` (hCaptcha also `sitekey`), form-encoded (Turnstile
 * also takes JSON; hCaptcha only the form), answering JSON `{ success, challenge_ts, hostname, error-codes }`.
 * It refuses what the providers refuse: a missing or wrong secret, a missing, unknown, too long, expired or
 * already-seen token, an hCaptcha token of another site key, an unreadable `remoteip`. Tokens are what a
 * widget would have handed the browser (`issueToken`), single use, valid 300 s (Turnstile) or 120 s (hCaptcha).
 */
export type ChallengeProviderName = 'turnstile' | 'hcaptcha';

export interface SiteverifyRequest {
  contentType: string;
  fields: Record<string, string>;
}

export interface SiteverifyStandIn {
  /** The siteverify URL (CARD_CHALLENGE_VERIFY_URL). */
  url: string;
  /** A token as the widget gives it after a solved challenge on `hostname` (default semear.test). */
  issueToken(options?: { hostname?: string; siteKey?: string; issuedAt?: number }): string;
  requests: SiteverifyRequest[];
  close(): Promise<void>;
}

const PATHS: Record<ChallengeProviderName, string> = { turnstile: '/turnstile/v0/siteverify', hcaptcha: '/siteverify' };
const TOKEN_TTL_MS: Record<ChallengeProviderName, number> = { turnstile: 300_000, hcaptcha: 120_000 };
const TURNSTILE_TOKEN_MAX = 2048;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function fieldsOf(provider: ChallengeProviderName, contentType: string, body: string): Record<string, string> | null {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  if (provider === 'turnstile' && contentType.startsWith('application/json')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      return parsed && typeof parsed === 'object' ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)])) : null;
    } catch {
      return null;
    }
  }
  return null;
}

export async function startSiteverifyStandIn(options: {
  provider: ChallengeProviderName;
  secret: string;
  siteKey: string;
}): Promise<SiteverifyStandIn> {
  const { provider } = options;
  const issued = new Map<string, { hostname: string; siteKey: string; issuedAt: number; seen: boolean }>();
  const requests: SiteverifyRequest[] = [];
  const alreadySeen = provider === 'turnstile' ? 'timeout-or-duplicate' : 'already-seen-response';
  const expired = provider === 'turnstile' ? 'timeout-or-duplicate' : 'expired-input-response';

  const verdict = (fields: Record<string, string>): { codes: string[]; hostname?: string } => {
    if (!fields.secret) return { codes: ['missing-input-secret'] };
    if (fields.secret !== options.secret) return { codes: ['invalid-input-secret'] };
    if (!fields.response) return { codes: ['missing-input-response'] };
    if (fields.remoteip !== undefined && isIP(fields.remoteip) === 0) return { codes: ['invalid-remoteip'] };
    if (provider === 'turnstile' && fields.response.length > TURNSTILE_TOKEN_MAX) return { codes: ['invalid-input-response'] };
    const token = issued.get(fields.response);
    if (!token) return { codes: ['invalid-input-response'] };
    if (token.seen) return { codes: [alreadySeen] };
    token.seen = true;
    if (Date.now() - token.issuedAt > TOKEN_TTL_MS[provider]) return { codes: [expired] };
    if (provider === 'hcaptcha' && fields.sitekey !== undefined && fields.sitekey !== token.siteKey)
      return { codes: ['sitekey-secret-mismatch'] };
    return { codes: [], hostname: token.hostname };
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const contentType = String(request.headers['content-type'] ?? '');
    const answer = (status: number, json: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.method !== 'POST' || request.url !== PATHS[provider])
      return answer(404, { success: false, 'error-codes': ['bad-request'] });
    const fields = fieldsOf(provider, contentType, body);
    requests.push({ contentType, fields: fields ?? {} });
    if (!fields) return answer(200, { success: false, 'error-codes': ['bad-request'] });
    const { codes, hostname } = verdict(fields);
    if (codes.length > 0) return answer(200, { success: false, 'error-codes': codes });
    const solved = { success: true, challenge_ts: new Date().toISOString(), hostname, 'error-codes': [] };
    return answer(200, provider === 'turnstile' ? { ...solved, action: '', cdata: '' } : { ...solved, credit: false });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${PATHS[provider]}`,
    issueToken: ({ hostname = 'semear.test', siteKey = options.siteKey, issuedAt = Date.now() } = {}) => {
      const token = `${provider === 'turnstile' ? '0.' : 'P1_'}${randomBytes(48).toString('base64url')}`;
      issued.set(token, { hostname, siteKey, issuedAt, seen: false });
      return token;
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
