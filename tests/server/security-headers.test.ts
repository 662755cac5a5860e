import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { apiSecurityHeaders, contentSecurityPolicy, securityHeadersOf } from '../../server/plugins/security-headers';

const env = {
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  PUSHER_SECRET: 'a-pusher-secret-of-enough-length',
  PAYMENT_WEBHOOK_SECRET: 'a-webhook-secret-that-is-long-enough-123',
  PUBLIC_URL: 'https://doe.semear.org',
};
const connectSrc = (more: Record<string, string> = {}) => contentSecurityPolicy(loadConfig({ ...env, ...more }))['connect-src'];

describe('the Content Security Policy lets browsers reach the realtime server, and only it', () => {
  it('embedded: the WebSocket on the site itself', () => {
    expect(connectSrc()).toEqual(["'self'", 'ws://doe.semear.org', 'wss://doe.semear.org']);
  });

  it('hosted Pusher: the cluster’s WebSocket host', () => {
    expect(connectSrc({ PUSHER_CLUSTER: 'sa1' })).toContain('wss://ws-sa1.pusher.com');
  });

  it('Soketi: its own host and port', () => {
    expect(connectSrc({ PUSHER_HOST: 'soketi.interno', PUSHER_PORT: '6001', PUSHER_USE_TLS: 'false' })).toContain(
      'ws://soketi.interno:6001',
    );
  });
});

describe('the card-testing challenge (docs/payments.md, "Card testing")', () => {
  const policy = (more: Record<string, string> = {}) => contentSecurityPolicy(loadConfig({ ...env, ...more }));
  const turnstile = { CARD_CHALLENGE_PROVIDER: 'turnstile', CARD_CHALLENGE_SITE_KEY: '0x4AAA', CARD_CHALLENGE_SECRET: 's' };

  it("opens the provider's script, frame and calls only while one is configured", () => {
    expect(policy()['frame-src']).toBeNull();
    expect(JSON.stringify(policy())).not.toContain('cloudflare');
    const open = policy(turnstile);
    for (const directive of ['script-src', 'frame-src', 'connect-src'])
      expect(open[directive], directive).toContain('https://challenges.cloudflare.com');
    expect(policy({ ...turnstile, CARD_CHALLENGE_PROVIDER: 'hcaptcha' })['script-src']).toContain('https://*.hcaptcha.com');
  });

  it('refuses a provider without its site key and secret, naming them', () => {
    expect(() => loadConfig({ ...env, CARD_CHALLENGE_PROVIDER: 'hcaptcha' })).toThrow(/CARD_CHALLENGE_SITE_KEY and CARD_CHALLENGE_SECRET/);
  });
});

describe("an API answer's security headers", () => {
  const documentHeaders = (publicUrl: string) =>
    securityHeadersOf({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(loadConfig({ ...env, PUBLIC_URL: publicUrl })) },
      strictTransportSecurity: publicUrl.startsWith('https:'),
    });

  it('keeps HSTS when the site is served over HTTPS, and sends none over HTTP', () => {
    const secure = new Map(apiSecurityHeaders(documentHeaders('https://doe.semear.org')));
    expect(secure.get('strict-transport-security')).toContain('max-age=');
    expect(new Map(apiSecurityHeaders(documentHeaders('http://localhost:3000'))).has('strict-transport-security')).toBe(false);
  });

  it("replaces the site's page policy by one under which nothing loads or frames", () => {
    const api = new Map(apiSecurityHeaders(documentHeaders('https://doe.semear.org')));
    expect(api.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect([...api.keys()].sort()).toEqual([
      'content-security-policy',
      'cross-origin-resource-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
  });
});
