import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '../../contracts/realtime';
import { newSession, newUserInput, takeSignUpToken } from './helpers/fixtures';
import { createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const expectNoStore = (name: string, response: LightMyRequestResponse) => {
  expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
  expect(response.headers['cache-control'], name).toBe('no-store');
};

describe('Cache-Control: no-store', () => {
  it('on every session call, the profile and every answer of a signed-in donor', async () => {
    const signingUp = newUserInput();
    expectNoStore('sign-up', await call(ctx.app, 'POST', '/api/v1/users', signingUp));
    await ctx.app.afterAnswerSettled();
    const confirmation = { token: await takeSignUpToken(ctx.database.db, signingUp.email) };
    expectNoStore('sign-up confirmation', await call(ctx.app, 'POST', '/api/v1/users/confirmations', confirmation));
    const session = await newSession(ctx.app);
    const { token } = session;
    const signIn = await call(ctx.app, 'POST', '/api/v1/sessions', { email: session.input.email, password: session.input.password });
    expectNoStore('sign-in', signIn);
    const refreshed = await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: signIn.json().refresh_token });
    expectNoStore('refresh', refreshed);
    expectNoStore('sign-out', await call(ctx.app, 'DELETE', '/api/v1/sessions', { refresh_token: refreshed.json().refresh_token }));
    expectNoStore('forgot password', await call(ctx.app, 'POST', '/api/v1/password/forgot', { email: session.input.email }));

    const signedIn: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/users/profile'],
      [
        'PUT',
        '/api/v1/users/profile',
        {
          name: 'Maria Souza',
          phone: '(11) 98765-4321',
          address: {
            country: 'BR',
            zip_code: '01310-100',
            state: 'SP',
            city: 'São Paulo',
            neighborhood: 'Bela Vista',
            street_address: 'Avenida Paulista',
            complement: '',
            house_number: '1000',
          },
        },
      ],
      ['GET', '/api/v1/wallet'],
      ['GET', '/api/v1/wallet/statement'],
      ['GET', `/api/v1/donors/${session.user.id}/wallets/balance`],
      ['GET', '/api/v1/contributions'],
      ['GET', '/api/v1/cards'],
      ['GET', '/api/v1/notifications'],
      ['GET', '/api/v1/notification-types'],
      ['GET', '/api/v1/notification-preferences'],
      ['GET', '/api/v1/subscriptions/current'],
      ['POST', '/api/v1/realtime/auth', { socket_id: '1234.5678', channel_name: userChannel(session.user.id) }],
    ];
    for (const [method, url, body] of signedIn)
      expectNoStore(`${method} ${url}`, await call(ctx.app, method as 'GET', url, body, { token }));

    const campaign = await createCampaign(ctx.database.db);
    const donation = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }), {
      token,
    });
    expectNoStore('donation', donation);
    expectNoStore('own donation', await call(ctx.app, 'GET', `/api/v1/donations/${donation.json().donation.id}`, undefined, { token }));
  });

  it("on a guest's donation and its receipt, which carry the receipt token", async () => {
    const campaign = await createCampaign(ctx.database.db);
    const donation = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }));
    expectNoStore('guest donation', donation);
    const {
      receipt_token: receiptToken,
      donation: { id },
    } = donation.json();
    expectNoStore(
      'receipt',
      await call(ctx.app, 'GET', `/api/v1/donations/${id}`, undefined, { headers: { 'x-receipt-token': receiptToken } }),
    );
  });

  it('not on public answers, which caches may keep', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/categories');
    expect(response.headers['cache-control']).not.toBe('no-store');
  });
});
