import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it.each([
    ['POST', '/api/v1/campaigns/qualquer/donations'],
    ['POST', '/api/v1/donations'],
    ['POST', '/sandbox-gateway/v1/tokens'],
  ] as const)('%s %s answers 429 after PAYMENT_RATE_LIMIT_MAX attempts a minute', async (method, url) => {
    for (let i = 0; i < 3; i++) expect((await call(ctx.app, method, url, {})).statusCode).toBe(400);
    const limited = await call(ctx.app, method, url, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente de novo.' });
  });
});
