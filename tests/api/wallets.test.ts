import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../../server/services/ledger';
import { newSession, signIn } from './helpers/fixtures';
import { createCampaign, donationBody, give } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /donors/{id}/wallets/balance', () => {
  it('answers the spendable balance in cents; expired lots do not count', async () => {
    const session = await newSession(ctx.app);
    const userId = session.user.id;
    await ctx.database.db.transaction(async (tx) => {
      await creditWallet(tx, { userId, amountCents: 4000, origin: 'monthly_credit', expiresAt: new Date(ctx.clock.now().getTime() + 20 * DAY_MS), from: { kind: 'gateway_clearing', gateway: 'sandbox' }, reference: `w1:${userId}` });
      await creditWallet(tx, { userId, amountCents: 1500, origin: 'refund', expiresAt: new Date(ctx.clock.now().getTime() + 2 * DAY_MS), from: { kind: 'gateway_clearing', gateway: 'sandbox' }, reference: `w2:${userId}` });
    });
    const read = (token: string) => call(ctx.app, 'GET', `/api/v1/donors/${userId}/wallets/balance`, undefined, { token });
    expect((await read(session.token)).json()).toEqual({ data: 5500 });
    ctx.clock.advance(3 * DAY_MS);
    const later = await signIn(ctx.app, session.input.email, session.input.password);
    expect((await read(later.token)).json()).toEqual({ data: 4000 });
  });

  it("another donor's balance is 403; a guest is 401", async () => {
    const me = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const response = await call(ctx.app, 'GET', `/api/v1/donors/${other.user.id}/wallets/balance`, undefined, { token: me.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'Você não tem permissão para fazer isso.' });
    expect((await call(ctx.app, 'GET', `/api/v1/donors/${me.user.id}/wallets/balance`)).statusCode).toBe(401);
  });
});

describe('GET /donations/{id} permissions', () => {
  it("another donor, or anyone without the receipt token, gets 404; the owner and the token holder read it", async () => {
    const campaign = await createCampaign(ctx.database.db, { startsAt: new Date(ctx.clock.now().getTime() - DAY_MS), endsAt: new Date(ctx.clock.now().getTime() + 90 * DAY_MS) });
    const owner = await newSession(ctx.app);
    const created = await give(ctx.app, campaign.slug, donationBody({ method: 'pix' }, { address: null }), { token: owner.token });
    expect(created.statusCode, created.body).toBe(201);
    const { donation, receipt_token } = created.json() as { donation: { id: string }; receipt_token: string };
    const url = `/api/v1/donations/${donation.id}`;
    const stranger = await newSession(ctx.app);
    const notFound = { code: 'donation.not_found', message: 'Doação não encontrada.' };
    expect((await call(ctx.app, 'GET', url, undefined, { token: stranger.token })).json()).toEqual(notFound);
    expect((await call(ctx.app, 'GET', url)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url, undefined, { headers: { 'x-receipt-token': 'guessed' } })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/v1/donations/not-a-uuid')).json()).toEqual(notFound);
    expect((await call(ctx.app, 'GET', url, undefined, { token: owner.token })).statusCode).toBe(200);
    const withToken = await call(ctx.app, 'GET', url, undefined, { token: stranger.token, headers: { 'x-receipt-token': receipt_token } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().receipt_token).toBeUndefined();
  });

  it('an expired access token on a donation is 401 token.expired, not a silent guest donation', async () => {
    const session = await newSession(ctx.app);
    ctx.clock.advance(16 * 60 * 1000);
    const campaign = await createCampaign(ctx.database.db, { startsAt: new Date(ctx.clock.now().getTime() - DAY_MS), endsAt: new Date(ctx.clock.now().getTime() + 90 * DAY_MS) });
    const response = await give(ctx.app, campaign.slug, donationBody({ method: 'pix' }, { address: null }), { token: session.token });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token.expired');
  });
});
