import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueGiftCard } from '../../server/services/ledger';
import { newSession } from './helpers/fixtures';
import { cardDonation, createCampaign } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000', PAYMENT_RATE_LIMIT_MAX: '3' });
});
afterAll(() => ctx.close());

describe('rate limit of the authentication calls', () => {
  it.each([
    ['POST', '/api/v1/sessions', { email: 'a@exemplo.com', password: 'qualquer-coisa' }],
    ['POST', '/api/v1/users', {}],
    ['POST', '/api/v1/users/confirmations', { token: 'x' }],
    ['POST', '/api/v1/password/forgot', { email: 'a@exemplo.com' }],
    ['POST', '/api/v1/password/reset', { token: 'x', password: 'qualquer-coisa-1' }],
    ['POST', '/api/v1/sessions/refresh/token', { refresh_token: 'x' }],
  ] as const)('%s %s answers 429 rate_limited after AUTH_RATE_LIMIT_MAX calls', async (method, url, body) => {
    for (let i = 0; i < 3; i++) expect((await call(ctx.app, method, url, body)).statusCode).not.toBe(429);
    const limited = await call(ctx.app, method, url, body, { locale: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('does not limit other calls', async () => {
    for (let i = 0; i < 6; i++) expect((await call(ctx.app, 'GET', '/api/v1/health')).statusCode).toBe(200);
  });
});

describe('rate limit of payment attempts (card testing)', () => {
  const from = (remoteAddress: string, method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({ method, url, remoteAddress, ...(method === 'POST' ? { payload: {} } : {}) });

  it.each([
    ['POST', '/api/v1/campaigns/qualquer/donations'],
    ['POST', '/api/v1/donations'],
    ['POST', '/api/v1/gift-card-orders'],
    ['POST', '/sandbox-gateway/v1/tokens'],
  ] as const)('%s %s answers 429 after PAYMENT_RATE_LIMIT_MAX attempts a minute', async (method, url) => {
    const address = `203.0.113.${url.length}`;
    for (let i = 0; i < 3; i++) expect((await from(address, method, url)).statusCode).toBe(400);
    const limited = await from(address, method, url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente de novo.' });
  });

  it('counts one limit across every payment route: spreading tries over them gains nothing', async () => {
    const address = '198.51.100.7';
    expect((await from(address, 'POST', '/api/v1/campaigns/qualquer/donations')).statusCode).toBe(400);
    expect((await from(address, 'POST', '/api/v1/gift-card-orders')).statusCode).toBe(400);
    expect((await from(address, 'POST', '/sandbox-gateway/v1/tokens')).statusCode).toBe(400);
    expect((await from(address, 'POST', '/api/v1/donations')).statusCode).toBe(429);
    // Another address is not held back.
    expect((await from('198.51.100.8', 'POST', '/api/v1/donations')).statusCode).toBe(400);
  });

  it('limits looking up gift-card codes, which guessing would try by the thousand', async () => {
    const address = '192.0.2.44';
    const lookUp = () => from(address, 'GET', `/api/v1/gift-cards/${crypto.randomUUID()}`);
    for (let i = 0; i < 3; i++) expect((await lookUp()).statusCode).toBe(404);
    expect((await lookUp()).statusCode).toBe(429);
  });
});

describe('with REDIS_URL set and Redis unreachable', () => {
  // Port 1 refuses at once: the outage a node meets when Redis is down (docs/deploy.md).
  const unreachable = { REDIS_URL: 'redis://127.0.0.1:1' };

  it('still limits sign-in on this node, and still takes donations', async () => {
    const app = await ctx.buildAnotherApp(unreachable);
    const signIn = () => call(app, 'POST', '/api/v1/sessions', { email: 'b@exemplo.com', password: 'qualquer-coisa' });
    for (let i = 0; i < 3; i++) expect((await signIn()).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(429);
    const campaign = await createCampaign(ctx.database.db);
    expect(await cardDonation(app, campaign, 2500)).toEqual(expect.any(String));
  });

  it('still counts wrong gift-card codes, and a right one still redeems', async () => {
    const app = await ctx.buildAnotherApp({ ...unreachable, AUTH_RATE_LIMIT_MAX: '100' });
    const donor = await newSession(app);
    const card = await ctx.database.db.transaction((tx) =>
      issueGiftCard(tx, { valueCents: 1500, expiresAt: new Date(ctx.clock.now().getTime() + 30 * 24 * 3600 * 1000) }),
    );
    const redeem = (code: string) => call(app, 'POST', '/api/v1/gift-cards/redemptions', { code }, { token: donor.token });
    expect((await redeem(card.code)).json()).toMatchObject({ amount: 1500, balance: 1500 });
    for (let i = 0; i < 5; i++) expect((await redeem(crypto.randomUUID())).statusCode).toBe(404);
    expect((await redeem(crypto.randomUUID())).statusCode).toBe(429);
  });
});
