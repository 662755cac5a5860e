import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { API_PREFIX } from '../../contracts/constants';
import type { Config } from '../config';
import { BOOT_SCRIPT_HASH } from '../http/code-after-paint';
import { cardOriginsOf } from '../services/payments/providers';
import { CHALLENGE_PROVIDER_FACTS } from '../config-card-testing';

/** The directives of our Content Security Policy, exported so tests can check them. */
export function contentSecurityPolicy(
  config: Pick<Config, 'adScriptUrl' | 'publicUrl'> & {
    realtime?: Config['realtime'];
    payments?: Config['payments'];
    cardTesting?: Config['cardTesting'];
  },
): Record<string, string[] | null> {
  const site = new URL(config.publicUrl);
  const secure = site.protocol === 'https:';
  const cards = cardTokenisationOrigins(config.payments);
  // The card-testing challenge's widget (script, its frame and its calls), only while a provider is configured.
  const challenge = config.cardTesting?.challenge ? CHALLENGE_PROVIDER_FACTS[config.cardTesting.challenge.provider].origins : [];
  return {
    'default-src': ["'self'"],
    // The advertising script (docs/spec.md §1) is the only outside script allowed.
    // Besides files: the one inline script that asks for the app's code after the first paint.
    // And the card provider's tokenisation script when cards go to one (docs/payments.md).
    'script-src': [
      "'self'",
      BOOT_SCRIPT_HASH,
      ...(config.adScriptUrl ? [new URL(config.adScriptUrl).origin] : []),
      ...cards.scripts,
      ...challenge,
    ],
    // Covers are served from PUBLIC_URL, which may be another host name than the one in the address bar.
    'img-src': ["'self'", site.origin, 'data:', 'blob:'],
    // vanilla-extract in development and react-toastify inject <style> elements.
    'style-src': ["'self'", "'unsafe-inline'", ...challenge],
    'frame-src': challenge.length > 0 ? ["'self'", ...challenge] : null,
    'font-src': ["'self'", 'data:'],
    // The realtime endpoint is a WebSocket on the same host, or hosted Pusher / Soketi when configured.
    // The card provider's script posts the card straight to its API.
    'connect-src': [
      "'self'",
      `ws://${site.host}`,
      `wss://${site.host}`,
      ...realtimeOrigins(config.realtime),
      ...cards.connect,
      ...challenge,
    ],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Upgrading only makes sense when the site itself is served over HTTPS.
    'upgrade-insecure-requests': secure ? [] : null,
  };
}

/** The card provider's tokenisation script and the API it sends cards to (services/payments/providers.ts). */
function cardTokenisationOrigins(payments: Config['payments'] | undefined): { scripts: string[]; connect: string[] } {
  return payments ? cardOriginsOf(payments, payments.providers.card) : { scripts: [], connect: [] };
}

/** Where browsers open the realtime WebSocket when it is not this server (pusher-js uses ws/wss only). */
function realtimeOrigins(realtime: Config['realtime'] | undefined): string[] {
  if (!realtime || realtime.embedded) return [];
  const scheme = realtime.useTLS ? 'wss' : 'ws';
  if (realtime.cluster && (!realtime.host || realtime.host.endsWith('.pusher.com')))
    return [`${scheme}://ws-${realtime.cluster}.pusher.com`];
  return realtime.host ? [`${scheme}://${realtime.host}${realtime.port ? `:${realtime.port}` : ''}`] : [];
}

/**
 * The headers helmet sets for these options, worked out once. (@fastify/helmet builds helmet's middleware
 * again on every request, parsing the policy each time: a sixth of a cached campaign read's time.)
 */
export function securityHeadersOf(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return [...headers];
}

const API_KEEPS = new Set(['cross-origin-resource-policy', 'x-content-type-options', 'strict-transport-security']);

/**
 * What an API answer needs (OWASP REST Security Cheat Sheet, "Security Headers"): JSON opened as a page
 * runs nothing and cannot be framed, is never sniffed as something else, and is not read cross-origin as
 * a page's sub-resource. The page-only headers (referrer, DNS prefetch, opener, ...) do nothing for it;
 * leaving them off halves an API answer's header bytes (about 520 bytes of a campaign read's 4 KB).
 */
export function apiSecurityHeaders(documentHeaders: ReadonlyArray<readonly [string, string]>): ReadonlyArray<readonly [string, string]> {
  const kept = documentHeaders.filter(([name]) => API_KEEPS.has(name));
  return [['content-security-policy', "default-src 'none'; frame-ancestors 'none'"], ['x-frame-options', 'DENY'], ...kept];
}

export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const documentHeaders = securityHeadersOf({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:',
      crossOriginEmbedderPolicy: false,
    });
    const apiHeaders = apiSecurityHeaders(documentHeaders);
    const apiPath = `${API_PREFIX}/`;
    // On the raw response, as helmet's plugin set them: a route may still replace one (web-app.ts, stored images).
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of request.url.startsWith(apiPath) ? apiHeaders : documentHeaders) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'semear-security-headers' },
);
