import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_S } from '../../contracts/constants';
import { subscriptionResultSchema } from '../../contracts/subscriptions';
import * as schema from '../../server/db/schema';
import {
  dataRequests,
  donations,
  providerCleanups,
  sandboxCardTokens,
  savedCards,
  subscriptions,
  users,
  userSessions,
} from '../../server/db/schema';
import { guestEmailHash } from '../../server/services/account-deletion/guest-deletion';
import { runProviderCleanups } from '../../server/services/account-deletion/provider-cleanups';
import type { PaymentGateways } from '../../server/services/payments/gateways';
import { grantAdmin, newSession, signIn, signUp } from './helpers/fixtures';
import {
  brazilianAddress,
  campaignRaised,
  createCampaign,
  donationBody,
  give,
  newKey,
  outboxTo,
  personContact,
  sandboxCardToken,
} from './helpers/giving';
import { enrolTotp, totpCode } from './helpers/second-factor';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PASSWORD = 'girassol-amarelo-42';
/** A name no other test gives (names take letters only), so finding it anywhere means it was not erased. */
const uniqueName = () =>
  `Joana ${Array.from(randomUUID().replace(/-/g, '').slice(0, 10), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;

/** A donor who gave to a campaign with a message, gives monthly with a saved card, and was seen by the admin. */
async function donorWithHistory() {
  const name = uniqueName();
  const session = await newSession(ctx.app, { name, phone: '(21) 99876-5432' });
  const campaign = await createCampaign(ctx.database.db);
  const contact = { ...personContact, name, email: session.user.email, cpf: '390.533.447-05' };
  const gift = await give(
    ctx.app,
    campaign.slug,
    donationBody(
      { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
      { contact, message: `Com carinho, ${name}` },
    ),
    { token: session.token },
  );
  expect(gift.statusCode, gift.body).toBe(201);
  const subscribed = await call(
    ctx.app,
    'POST',
    '/api/v1/subscriptions',
    { amount: 3000, payment: { method: 'card', card_token: await sandboxCardToken(ctx.app) }, contact, address: { ...brazilianAddress } },
    { token: session.token, headers: { 'idempotency-key': newKey() } },
  );
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  const { subscription } = subscriptionResultSchema.parse(subscribed.json());
  return { session, name, campaign, donationId: gift.json().donation.id as string, subscriptionId: subscription.id };
}

/** Every row of every table, as text: where a person's e-mail, name or CPF could still be found. */
async function tablesMentioning(needles: string[]): Promise<string[]> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);
  const found: string[] = [];
  for (const table of tables) {
    const name = getTableConfig(table).name;
    const rows = await ctx.database.db.execute<{ row: string }>(sql`select t::text as row from ${sql.identifier(name)} t`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ row: string }> }).rows) as Array<{ row: string }>;
    for (const needle of needles)
      if (list.some((r) => r.row.toLowerCase().includes(needle.toLowerCase()))) found.push(`${name}: ${needle}`);
  }
  return found;
}

const deleteAccount = (token: string, body: unknown = { password: PASSWORD }, locale?: string) =>
  call(ctx.app, 'DELETE', '/api/v1/users/profile', body, { token, locale });

describe('DELETE /users/profile', () => {
  it('erases the person everywhere, keeps the money under the pseudonym, and frees the e-mail', async () => {
    const admin = await newSession(ctx.app);
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const { session, name, campaign, donationId, subscriptionId } = await donorWithHistory();
    const email = session.user.email;
    const raisedBefore = await campaignRaised(ctx.database.db, campaign.id);
    const financesBefore = (await call(ctx.app, 'GET', '/api/v1/admin/finances', undefined, { token: admin.token })).json();
    const [card] = await ctx.database.db.select().from(savedCards).where(eq(savedCards.userId, session.user.id));
    expect(card).toBeDefined();

    const deleted = await deleteAccount(session.token);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await ctx.app.afterAnswerSettled();

    expect(await tablesMentioning([email, name, '39053344705', '390.533.447-05', '99876-5432', '21998765432'])).toEqual([]);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(user).toMatchObject({ name: 'Doador removido', cpf: null, phone: '', birthDate: null, active: false });
    expect(user!.email).toMatch(/@semear\.invalid$/);
    const [donation] = await ctx.database.db.select().from(donations).where(eq(donations.id, donationId));
    expect(donation).toMatchObject({ userId: session.user.id, status: 'confirmed', message: null, address: null });
    expect(donation!.contact.name).toBe('Doador removido');
    const [subscription] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ status: 'canceled', cancelReason: 'account_deleted', nextChargeAt: null });

    // The saved card is gone at the provider (the sandbox's own token table), after the answer.
    expect(await ctx.database.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, card!.gatewayToken))).toEqual([]);
    const cleanups = await ctx.database.db.select().from(providerCleanups);
    expect(cleanups.filter((c) => c.doneAt === null)).toEqual([]);

    // Sessions are over: the access token and the refresh token no longer work.
    expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/v1/sessions/refresh/token', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(userSessions).where(eq(userSessions.userId, session.user.id))).toEqual([]);
    expect((await call(ctx.app, 'POST', '/api/v1/sessions', { email, password: PASSWORD })).statusCode).toBe(401);

    // The money stays: the campaign's figure and the finances are what they were; the admin sees the pseudonym.
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(raisedBefore);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/finances', undefined, { token: admin.token })).json()).toEqual(financesBefore);
    const detail = await call(ctx.app, 'GET', `/api/v1/admin/donations/${donationId}`, undefined, { token: admin.token });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().donor.name).toBe('Doador removido');

    const [request] = await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.userId, session.user.id));
    expect(request).toMatchObject({ kind: 'deletion', status: 'completed' });
    expect(request!.outcome).toMatchObject({
      donations: 1,
      subscriptions_canceled: 1,
      saved_cards: 1,
      provider_calls: 1,
      provider_calls_done: 1,
    });

    // The address is free: it signs up again as a new account.
    const again = await signUp(ctx.app, { email, password: PASSWORD });
    expect(again.user.id).not.toBe(session.user.id);
    expect(again.user.email).toBe(email);
  });

  it('refuses a wrong password, in the caller’s language, and changes nothing', async () => {
    const { session } = await donorWithHistory();
    const before = await ctx.database.db.select().from(users).where(eq(users.id, session.user.id));
    const refused = await deleteAccount(session.token, { password: 'not-the-password' }, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'account_deletion.password_wrong',
      message: 'The password does not match. Nothing was deleted.',
    });
    expect(await ctx.database.db.select().from(users).where(eq(users.id, session.user.id))).toEqual(before);
    expect(await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.userId, session.user.id))).toEqual([]);
    expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token })).statusCode).toBe(200);
  });

  it('asks for a password (400) and for a session (401)', async () => {
    const session = await newSession(ctx.app);
    const missing = await deleteAccount(session.token, {}, 'pt');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation.failed');
    expect((await call(ctx.app, 'DELETE', '/api/v1/users/profile', { password: PASSWORD })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: session.token })).statusCode).toBe(200);
  });

  it('asks an account with a second factor for the step-up, then deletes its factors too', async () => {
    const session = await newSession(ctx.app);
    const { secret } = await enrolTotp(ctx.app, ctx.clock, session.token);
    ctx.clock.advance((STEP_UP_WINDOW_S + 60) * 1000);
    const signedIn = await call(ctx.app, 'POST', '/api/v1/sessions', { email: session.user.email, password: PASSWORD });
    const { challenge } = signedIn.json() as { challenge: string };
    const completed = await call(ctx.app, 'POST', '/api/v1/sessions/second-factor', { challenge, code: await totpCode(secret, ctx.clock) });
    const token = (completed.json() as { token: string }).token;
    ctx.clock.advance((STEP_UP_WINDOW_S + 60) * 1000);

    const stale = await deleteAccount(token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('auth.step_up_required');
    const stepUp = await call(ctx.app, 'POST', '/api/v1/sessions/step-up', { code: await totpCode(secret, ctx.clock) }, { token });
    expect(stepUp.statusCode, stepUp.body).toBe(204);
    expect((await deleteAccount(token)).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(schema.totpFactors).where(eq(schema.totpFactors.userId, session.user.id))).toEqual([]);
    expect(await ctx.database.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, session.user.id))).toEqual([]);
  });
});

describe('provider calls after the commit', () => {
  it('are retried until the provider answers, and counted on the request', async () => {
    const requestId = randomUUID();
    const now = ctx.clock.now();
    await ctx.database.db
      .insert(dataRequests)
      .values({ id: requestId, kind: 'deletion', status: 'completed', outcome: { provider_calls: 1 } });
    await ctx.database.db
      .insert(providerCleanups)
      .values({ requestId, kind: 'remove_saved_card', gateway: 'flaky', reference: 'card_x', nextAttemptAt: now, createdAt: now });
    const forgotten: string[] = [];
    let down = true;
    const gateways = {
      named: (name: string) =>
        name === 'flaky'
          ? {
              forgetCard: async (token: string) => {
                if (down) throw new Error('provider unreachable');
                forgotten.push(token);
              },
            }
          : null,
    } as unknown as PaymentGateways;

    expect(await runProviderCleanups({ db: ctx.database.db, gateways }, now)).toBe(0);
    const [failed] = await ctx.database.db.select().from(providerCleanups).where(eq(providerCleanups.requestId, requestId));
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, lastError: 'provider unreachable' });
    // Not due again at once: the next try waits its delay.
    expect(await runProviderCleanups({ db: ctx.database.db, gateways }, now)).toBe(0);
    down = false;
    expect(await runProviderCleanups({ db: ctx.database.db, gateways }, new Date(now.getTime() + 5 * 60_000))).toBe(1);
    expect(forgotten).toEqual(['card_x']);
    const [done] = await ctx.database.db.select().from(providerCleanups).where(eq(providerCleanups.requestId, requestId));
    expect(done).toMatchObject({ reference: null, lastError: null });
    const [request] = await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.id, requestId));
    expect(request!.outcome).toMatchObject({ provider_calls_done: 1, provider_calls_owed: 0 });
  });
});

describe('a guest’s deletion from the receipt', () => {
  async function guestGift(campaignSlug: string, email: string, name: string) {
    const answer = await give(
      ctx.app,
      campaignSlug,
      donationBody(
        { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
        { contact: { ...personContact, name, email } },
      ),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return { id: answer.json().donation.id as string, receiptToken: answer.json().receipt_token as string };
  }

  it('mails a link to the donation’s address; confirming anonymises every guest gift of that address, once', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const email = `convidada-${randomUUID()}@exemplo.com.br`;
    const name = uniqueName();
    const first = await guestGift(campaign.slug, email, name);
    const second = await guestGift(campaign.slug, email, name);
    const other = await guestGift(campaign.slug, `outra-${randomUUID()}@exemplo.com.br`, 'Outra Pessoa');

    const wrong = await call(ctx.app, 'POST', `/api/v1/donations/${first.id}/data-deletion`, undefined, {
      headers: { 'x-receipt-token': other.receiptToken },
    });
    expect(wrong.statusCode).toBe(404);
    const asked = await call(ctx.app, 'POST', `/api/v1/donations/${first.id}/data-deletion`, undefined, {
      headers: { 'x-receipt-token': first.receiptToken },
      locale: 'es',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    // Asked twice in a row: still one mail.
    await call(ctx.app, 'POST', `/api/v1/donations/${first.id}/data-deletion`, undefined, {
      headers: { 'x-receipt-token': first.receiptToken },
    });
    const mails = (await outboxTo(ctx.database.db, email)).filter((m) => m.text.includes('/excluir-dados?token='));
    expect(mails).toHaveLength(1);
    const token = /\/excluir-dados\?token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    // Nothing is erased before the confirmation.
    const [untouched] = await ctx.database.db.select().from(donations).where(eq(donations.id, second.id));
    expect(untouched!.contact.email).toBe(email);

    const confirmed = await call(ctx.app, 'POST', '/api/v1/data-deletions/confirmations', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ donations: 2, gift_card_orders: 0 });
    expect(await tablesMentioning([email, name])).toEqual([]);
    const [kept] = await ctx.database.db.select().from(donations).where(eq(donations.id, other.id));
    expect(kept!.contact.name).toBe('Outra Pessoa');
    // The request stays listable for the DPO under a keyed hash of the address, never the address.
    const [request] = await ctx.database.db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.guestEmailHash, guestEmailHash(ctx.config.jwtSecret, email)));
    expect(request).toMatchObject({ kind: 'deletion', status: 'completed', userId: null, confirmTokenHash: null });
    expect(request!.outcome).toMatchObject({ donations: 2, gift_card_orders: 0 });

    const reused = await call(ctx.app, 'POST', '/api/v1/data-deletions/confirmations', { token }, { locale: 'en' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('account_deletion.link_invalid');
  });

  it('does not take an account’s donation, nor a confirmation without a token', async () => {
    const session = await newSession(ctx.app);
    const campaign = await createCampaign(ctx.database.db);
    const gift = await give(
      ctx.app,
      campaign.slug,
      donationBody(
        { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
        { contact: { ...personContact, email: session.user.email } },
      ),
      { token: session.token },
    );
    const receiptToken = gift.json().receipt_token as string;
    const refused = await call(ctx.app, 'POST', `/api/v1/donations/${gift.json().donation.id}/data-deletion`, undefined, {
      headers: { 'x-receipt-token': receiptToken },
    });
    expect(refused.statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', '/api/v1/data-deletions/confirmations', {})).statusCode).toBe(400);
    // A signed-in donor's e-mail still works for signing in: nothing was erased.
    expect((await signIn(ctx.app, session.user.email, PASSWORD)).user.id).toBe(session.user.id);
  });
});
