import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOverviewSchema, walletStatementSchema } from '../../contracts/wallet';
import { donorSettings } from '../../server/db/schema';
import { createTranslator } from '../../server/i18n/translator';
import { creditWallet, spendFromWallet } from '../../server/services/ledger';
import { settleExpiredCredit } from '../../server/services/wallet/settle-expired';
import { grantAdmin, newSession, signIn } from './helpers/fixtures';
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
      await creditWallet(tx, {
        userId,
        amountCents: 4000,
        origin: 'monthly_credit',
        expiresAt: new Date(ctx.clock.now().getTime() + 20 * DAY_MS),
        from: { kind: 'gateway_clearing', gateway: 'sandbox' },
        reference: `w1:${userId}`,
      });
      await creditWallet(tx, {
        userId,
        amountCents: 1500,
        origin: 'refund',
        expiresAt: new Date(ctx.clock.now().getTime() + 2 * DAY_MS),
        from: { kind: 'gateway_clearing', gateway: 'sandbox' },
        reference: `w2:${userId}`,
      });
    });
    const read = (token: string) => call(ctx.app, 'GET', `/api/v1/donors/${userId}/wallets/balance`, undefined, { token });
    expect((await read(session.token)).json()).toEqual({ data: 5500 });
    ctx.clock.advance(3 * DAY_MS);
    const later = await signIn(ctx.app, session.input.email, session.input.password);
    expect((await read(later.token)).json()).toEqual({ data: 4000 });
  });

  it("an admin reads any donor's balance", async () => {
    const donor = await newSession(ctx.app);
    await credit(donor.user.id, 2500, 10 * DAY_MS);
    const admin = await newSession(ctx.app);
    await grantAdmin(ctx, admin.user.id, []);
    const response = await call(ctx.app, 'GET', `/api/v1/donors/${donor.user.id}/wallets/balance`, undefined, { token: admin.token });
    expect(response.json()).toEqual({ data: 2500 });
    expect((await call(ctx.app, 'GET', '/api/v1/donors/not-a-user/wallets/balance', undefined, { token: admin.token })).statusCode).toBe(
      404,
    );
    const stranger = await newSession(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/v1/donors/not-a-user/wallets/balance', undefined, { token: stranger.token })).statusCode).toBe(
      403,
    );
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
  it('another donor, or anyone without the receipt token, gets 404; the owner and the token holder read it', async () => {
    const campaign = await createCampaign(ctx.database.db, {
      startsAt: new Date(ctx.clock.now().getTime() - DAY_MS),
      endsAt: new Date(ctx.clock.now().getTime() + 90 * DAY_MS),
    });
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
    const campaign = await createCampaign(ctx.database.db, {
      startsAt: new Date(ctx.clock.now().getTime() - DAY_MS),
      endsAt: new Date(ctx.clock.now().getTime() + 90 * DAY_MS),
    });
    const response = await give(ctx.app, campaign.slug, donationBody({ method: 'pix' }, { address: null }), { token: session.token });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token.expired');
  });
});

let refs = 0;
/** A lot in the donor's wallet expiring `inMs` from the test clock's now; resolves to its id. */
async function credit(
  userId: string,
  amountCents: number,
  inMs: number,
  origin: 'monthly_credit' | 'gift_card' = 'monthly_credit',
): Promise<string> {
  refs += 1;
  const { lotId } = await ctx.database.db.transaction((tx) =>
    creditWallet(tx, {
      userId,
      amountCents,
      origin,
      expiresAt: new Date(ctx.clock.now().getTime() + inMs),
      from: { kind: 'gateway_clearing', gateway: 'sandbox' },
      reference: `wallet_test:${userId}:${refs}`,
    }),
  );
  return lotId;
}

const runningCampaign = (overrides: Parameters<typeof createCampaign>[1] = {}) =>
  createCampaign(ctx.database.db, {
    startsAt: new Date(ctx.clock.now().getTime() - DAY_MS),
    endsAt: new Date(ctx.clock.now().getTime() + 365 * DAY_MS),
    ...overrides,
  });

const overview = async (token: string) => {
  const response = await call(ctx.app, 'GET', '/api/v1/wallet', undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return walletOverviewSchema.parse(response.json());
};

describe('GET /wallet', () => {
  it('shows the balance, the open lots first to expire first, and the next automatic donation with its cause and reason', async () => {
    const donor = await newSession(ctx.app);
    const userId = donor.user.id;
    const soon = await credit(userId, 3000, 5 * DAY_MS);
    const alsoSoon = await credit(userId, 1000, 5 * DAY_MS, 'gift_card');
    const later = await credit(userId, 4000, 20 * DAY_MS);
    const spentOut = await credit(userId, 500, 2 * DAY_MS);
    const campaign = await runningCampaign();
    await ctx.database.db.transaction((tx) =>
      spendFromWallet(tx, {
        userId,
        amountCents: 1000,
        to: { kind: 'campaign', campaignId: campaign.id },
        reference: `wallet_test_spend:${userId}`,
        now: ctx.clock.now(),
      }),
    );

    const wallet = await overview(donor.token);
    expect(wallet.balance).toBe(7500);
    expect(wallet.lots.map((l) => l.id).slice(2)).toEqual([later]);
    expect(new Set(wallet.lots.slice(0, 2).map((l) => l.id))).toEqual(new Set([soon, alsoSoon]));
    expect(wallet.lots.find((l) => l.id === soon)).toMatchObject({ origin: 'monthly_credit', amount: 3000, remaining: 2500 });
    expect(wallet.lots.find((l) => l.id === alsoSoon)).toMatchObject({ origin: 'gift_card', amount: 1000 });
    expect(wallet.lots.some((l) => l.id === spentOut)).toBe(false);
    expect(wallet.next_automatic_donation).toEqual({
      amount: 3500,
      date: new Date(ctx.clock.now().getTime() + 5 * DAY_MS).toISOString(),
      campaign: null,
      reason: 'general_fund',
    });
    expect(wallet.chosen_cause).toBeNull();
  });

  it('an empty wallet has no next automatic donation; a guest is 401', async () => {
    const donor = await newSession(ctx.app);
    expect(await overview(donor.token)).toEqual({ balance: 0, lots: [], next_automatic_donation: null, chosen_cause: null });
    expect((await call(ctx.app, 'GET', '/api/v1/wallet')).statusCode).toBe(401);
  });
});

describe('PUT /wallet/auto-donation-cause', () => {
  const put = (token: string | undefined, body: unknown, locale?: string) =>
    call(ctx.app, 'PUT', '/api/v1/wallet/auto-donation-cause', body, { token, locale });
  const stored = async (userId: string) =>
    (await ctx.database.db.select().from(donorSettings).where(eq(donorSettings.userId, userId)))[0]?.autoDonationCampaignId ?? null;

  it('chooses a campaign that takes donations; the wallet then says the credit goes there; null lets Semear choose again', async () => {
    const donor = await newSession(ctx.app);
    await credit(donor.user.id, 2000, 3 * DAY_MS);
    const campaign = await runningCampaign();
    const chosen = await put(donor.token, { campaign_slug: campaign.slug });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const wallet = walletOverviewSchema.parse(chosen.json());
    expect(wallet.chosen_cause).toEqual({ slug: campaign.slug, title: campaign.title });
    expect(wallet.next_automatic_donation).toMatchObject({ amount: 2000, campaign: { slug: campaign.slug }, reason: 'chosen' });
    expect(await stored(donor.user.id)).toBe(campaign.id);

    const reset = await put(donor.token, { campaign_slug: null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ chosen_cause: null, next_automatic_donation: { reason: 'general_fund', campaign: null } });
    expect(await stored(donor.user.id)).toBeNull();
  });

  it('refuses unknown, draft and closed campaigns and bad bodies with a clear message, changing nothing', async () => {
    const donor = await newSession(ctx.app);
    const kept = await runningCampaign();
    expect((await put(donor.token, { campaign_slug: kept.slug })).statusCode).toBe(200);
    const draft = await runningCampaign({ status: 'draft' });
    const ended = await runningCampaign({
      startsAt: new Date(ctx.clock.now().getTime() - 10 * DAY_MS),
      endsAt: new Date(ctx.clock.now().getTime() - DAY_MS),
    });

    expect((await put(donor.token, { campaign_slug: 'nao-existe' })).json()).toEqual({
      code: 'campaign.not_found',
      message: expect.any(String),
    });
    expect((await put(donor.token, { campaign_slug: draft.slug })).statusCode).toBe(404);
    const closed = await put(donor.token, { campaign_slug: ended.slug });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().code).toBe('campaign.not_accepting');
    for (const body of [{}, { campaign_slug: '' }, { campaign_slug: 42 }]) {
      const bad = await put(donor.token, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        code: 'validation.failed',
        message: ['Informe o endereço de uma campanha, ou null para deixar o Semear escolher a causa'],
      });
    }
    expect(await stored(donor.user.id)).toBe(kept.id);
    expect((await put(undefined, { campaign_slug: null })).statusCode).toBe(401);
    expect(await stored(donor.user.id)).toBe(kept.id);
  });
});

describe('GET /wallet/statement', () => {
  const statement = (token: string | undefined, query = '') =>
    call(ctx.app, 'GET', `/api/v1/wallet/statement${query}`, undefined, { token });

  it('lists credits, donations and automatic donations newest first with signed amounts, paged with x-total-count', async () => {
    const donor = await newSession(ctx.app);
    const userId = donor.user.id;
    const campaign = await runningCampaign();
    await credit(userId, 5000, 30 * DAY_MS, 'gift_card');
    await credit(userId, 2000, DAY_MS);
    await ctx.database.db.transaction((tx) =>
      spendFromWallet(tx, {
        userId,
        amountCents: 2500,
        to: { kind: 'campaign', campaignId: campaign.id },
        reference: `wallet_test_gift:${userId}`,
        now: ctx.clock.now(),
      }),
    );
    await credit(userId, 1000, 2 * DAY_MS);
    ctx.clock.advance(2 * DAY_MS);
    await settleExpiredCredit({ db: ctx.database.db, translator: createTranslator(), config: ctx.config }, ctx.clock.now());
    const { token } = await signIn(ctx.app, donor.input.email, donor.input.password);

    const response = await statement(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('5');
    const rows = walletStatementSchema.parse(response.json());
    // The spend took the 2000 lot (expiring first) and 500 of the gift card lot; the two short lots then expired.
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['automatic_donation', -1000],
      ['credit', 1000],
      ['donation', -2500],
      ['credit', 2000],
      ['credit', 5000],
    ]);
    expect(rows[0]).toMatchObject({ origin: null, campaign: null });
    expect(rows[2]).toMatchObject({ origin: null, campaign: { slug: campaign.slug, title: campaign.title } });
    expect(rows[4]).toMatchObject({ origin: 'gift_card', campaign: null });

    const page = await statement(token, '?page=1&amount=2');
    expect(page.headers['x-total-count']).toBe('5');
    expect(walletStatementSchema.parse(page.json()).map((r) => r.amount)).toEqual([-2500, 2000]);
  });

  it("shows only the signed-in donor's own movements; bad paging is 400; a guest is 401", async () => {
    const donor = await newSession(ctx.app);
    await credit(donor.user.id, 1000, 10 * DAY_MS);
    const other = await newSession(ctx.app);
    const theirs = await statement(other.token);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    const badPage = await statement(donor.token, '?page=-1');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toEqual(['A página do extrato deve ser um número inteiro a partir de 0']);
    expect((await statement(donor.token, '?amount=500')).json().message).toEqual([
      'A quantidade por página do extrato deve ser um número inteiro de 1 a 100',
    ]);
    expect((await statement(undefined)).statusCode).toBe(401);
  });
});
