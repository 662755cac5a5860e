import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '../../contracts/realtime';
import { subscriptionResultSchema } from '../../contracts/subscriptions';
import { refreshTokens, subscriptions, users } from '../../server/db/schema';
import { USER_STATUS_CACHE_TTL_MS } from '../../server/users/user-status';
import { newSession } from './helpers/fixtures';
import {
  brazilianAddress,
  createCampaign,
  donationBody,
  give,
  moneyRowCounts,
  newKey,
  personContact,
  sandboxCardToken,
} from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Session = Awaited<ReturnType<typeof newSession>>;

/** A donor with a monthly donation: a charged card kept for later and credit in the wallet. */
async function donorWithMoney() {
  const session = await newSession(ctx.app);
  const body = {
    amount: 5000,
    payment: { method: 'card', card_token: await sandboxCardToken(ctx.app) },
    contact: { ...personContact, email: session.user.email },
    address: { ...brazilianAddress },
  };
  const subscribed = await call(ctx.app, 'POST', '/api/v1/subscriptions', body, {
    token: session.token,
    headers: { 'idempotency-key': newKey() },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  const { subscription } = subscriptionResultSchema.parse(subscribed.json());
  return { session, subscriptionId: subscription.id, cardId: subscription.card!.id };
}

async function writeCounts() {
  const n = async (table: PgTable) => Number((await ctx.database.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    ...(await moneyRowCounts(ctx.database.db)),
    subscriptions: await n(subscriptions),
    amounts: await ctx.database.db.select({ amount: subscriptions.amountCents }).from(subscriptions),
  };
}

/** Every call a closed account must no longer make with its still-valid access token. */
async function everyCall(session: Session, ids: { subscriptionId: string; cardId: string }, slug: string) {
  const { token } = session;
  return {
    walletGift: await give(ctx.app, slug, donationBody({ method: 'wallet' }, { amount: 1000 }), { token }),
    savedCardCharge: await give(ctx.app, slug, donationBody({ method: 'saved_card', card_id: ids.cardId }), { token }),
    subscriptionChange: await call(ctx.app, 'PATCH', `/api/v1/subscriptions/${ids.subscriptionId}`, { amount: 7500 }, { token }),
    subscriptionPause: await call(ctx.app, 'POST', `/api/v1/subscriptions/${ids.subscriptionId}/pause`, undefined, { token }),
    realtimeAuth: await call(
      ctx.app,
      'POST',
      '/api/v1/realtime/auth',
      { socket_id: '1234.5678', channel_name: userChannel(session.user.id) },
      { token },
    ),
    profile: await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token }),
    wallet: await call(ctx.app, 'GET', '/api/v1/wallet', undefined, { token }),
  };
}

describe('a closed account stops at once', () => {
  it.each([
    ['deactivated', (userId: string) => ctx.app.accountClosing.deactivate(userId)],
    ['deleted', (userId: string) => ctx.app.accountClosing.delete(userId)],
  ] as const)(
    'a %s account: every call with its access token is 401, nothing is written, the refresh token is refused',
    async (_label, close) => {
      const campaign = await createCampaign(ctx.database.db);
      const { session, ...ids } = await donorWithMoney();
      // The open token worked a moment ago (and its status is cached as usable).
      expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token })).statusCode).toBe(200);

      await close(session.user.id);
      const before = await writeCounts();
      const answers = await everyCall(session, ids, campaign.slug);
      for (const [name, response] of Object.entries(answers)) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(401);
        expect(response.json(), name).toEqual({ code: 'token.invalid', message: 'Esta conta está desativada.' });
      }
      expect(await writeCounts()).toEqual(before);

      const refreshed = await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: session.refresh_token });
      expect(refreshed.statusCode).toBe(401);
      const open = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.user.id));
      expect(open.every((row) => row.revokedAt !== null)).toBe(true);
    },
  );

  it('the message is translated', async () => {
    const session = await newSession(ctx.app);
    await ctx.app.accountClosing.deactivate(session.user.id);
    const response = await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token, locale: 'en' });
    expect(response.json()).toEqual({ code: 'token.invalid', message: 'This account has been deactivated.' });
  });

  it('an account removed from the database answers 401, never 500', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const session = await newSession(ctx.app);
    await ctx.database.db.delete(users).where(eq(users.id, session.user.id));
    ctx.clock.advance(USER_STATUS_CACHE_TTL_MS);
    const before = await moneyRowCounts(ctx.database.db);
    for (const response of [
      await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 1000 }), { token: session.token }),
      await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: true }), {
        token: session.token,
      }),
      await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token }),
      await call(
        ctx.app,
        'POST',
        '/api/v1/realtime/auth',
        { socket_id: '1234.5678', channel_name: userChannel(session.user.id) },
        { token: session.token },
      ),
    ]) {
      expect(response.statusCode, response.body).toBe(401);
    }
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('a change made straight in the database (or on another node) is seen within the cache time', async () => {
    const session = await newSession(ctx.app);
    const profile = () => call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token });
    const wallet = () => call(ctx.app, 'GET', '/api/v1/wallet', undefined, { token: session.token });
    expect((await wallet()).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ active: false, inactivatedAt: ctx.clock.now() }).where(eq(users.id, session.user.id));
    // The commit's NOTIFY (migration 0045) usually tells this node at once; the profile reads the account
    // itself and refuses at once whatever it was told, and the cached status lasts no longer than its time.
    expect((await profile()).statusCode).toBe(401);
    ctx.clock.advance(USER_STATUS_CACHE_TTL_MS);
    expect((await wallet()).statusCode).toBe(401);
  });
});

describe('a reactivated account', () => {
  it('works again as soon as it signs in, without waiting out the cached status', async () => {
    const session = await newSession(ctx.app);
    await ctx.app.accountClosing.deactivate(session.user.id);
    expect((await call(ctx.app, 'GET', '/api/v1/wallet', undefined, { token: session.token })).statusCode).toBe(401);
    await ctx.database.db.update(users).set({ active: true, inactivatedAt: null }).where(eq(users.id, session.user.id));
    const signIn = await call(ctx.app, 'POST', '/api/v1/sessions', { email: session.input.email, password: session.input.password });
    expect(signIn.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/v1/wallet', undefined, { token: signIn.json().token })).statusCode).toBe(200);
  });
});
