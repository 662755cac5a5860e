import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionResultSchema, subscriptionSchema, type SubscriptionRequestInput } from '../../contracts/subscriptions';
import { mailOutbox, notifications, savedCards, subscriptionCharges, subscriptions, walletLots } from '../../server/db/schema';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { billingDayOf, nextDueDate, firstPeriodStart } from '../../server/services/subscriptions/billing-calendar';
import { cancelToken } from '../../server/services/subscriptions/cancel-link';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, newKey, outboxTo, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Session = Awaited<ReturnType<typeof newSession>>;

function subscriptionBody(
  payment: SubscriptionRequestInput['payment'],
  overrides: Partial<SubscriptionRequestInput> = {},
): SubscriptionRequestInput {
  return { amount: 5000, payment, contact: { ...personContact }, address: { ...brazilianAddress }, ...overrides };
}

function subscribe(body: unknown, options: { token?: string; key?: string | null; locale?: string } = {}): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? newKey() : options.key;
  return call(ctx.app, 'POST', '/api/v1/subscriptions', body, {
    token: options.token,
    locale: options.locale,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

/** A signed-in donor with a fresh e-mail for the contact, so the outbox can be read per donor. */
async function donor(): Promise<Session & { email: string }> {
  const session = await newSession(ctx.app);
  return { ...session, email: session.user.email };
}

const bodyFor = (who: { email: string }, payment: SubscriptionRequestInput['payment'], overrides: Partial<SubscriptionRequestInput> = {}) =>
  subscriptionBody(payment, { contact: { ...personContact, email: who.email }, ...overrides });

async function subscribed(who: Session & { email: string }, amount = 5000) {
  const response = await subscribe(bodyFor(who, { method: 'card', card_token: await sandboxCardToken(ctx.app) }, { amount }), {
    token: who.token,
  });
  expect(response.statusCode, response.body).toBe(201);
  return subscriptionResultSchema.parse(response.json());
}

async function rowCounts() {
  const n = async (table: PgTable) => Number((await ctx.database.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    subscriptions: await n(subscriptions),
    charges: await n(subscriptionCharges),
    lots: await n(walletLots),
    cards: await n(savedCards),
    notifications: await n(notifications),
    mails: await n(mailOutbox),
  };
}

const cancelUrlIn = (text: string): string => {
  const match = /http:\/\/semear\.test\/doacao-mensal\/cancelar\?token=(\S+)/.exec(text);
  if (!match) throw new Error(`no cancel link in: ${text}`);
  return decodeURIComponent(match[1] as string);
};

describe('POST /subscriptions', () => {
  it('charges the first month at once, credits the wallet until the next due date, keeps the card and tells the donor', async () => {
    const who = await donor();
    const now = ctx.clock.now();
    const answer = await subscribed(who);
    const nextDue = nextDueDate(firstPeriodStart(now), billingDayOf(now));
    expect(answer.subscription).toMatchObject({
      status: 'active',
      amount: 5000,
      billing_day: billingDayOf(now),
      next_charge_at: nextDue.toISOString(),
      retry_count: 0,
      paused_at: null,
      canceled_at: null,
    });
    expect(answer.subscription.card).toMatchObject({ brand: 'visa', last4: '1111' });
    expect(answer.charge).toMatchObject({
      status: 'succeeded',
      amount: 5000,
      attempt: 0,
      card_brand: 'visa',
      card_last4: '1111',
      failure_code: null,
    });

    const lots = await ctx.database.db.select().from(walletLots).where(eq(walletLots.userId, who.user.id));
    expect(lots).toEqual([
      expect.objectContaining({
        origin: 'monthly_credit',
        amountCents: 5000,
        expiresAt: nextDue,
        sourceRef: `subscription_charge:${answer.charge.id}`,
      }),
    ]);

    const cards = await call(ctx.app, 'GET', '/api/v1/cards', undefined, { token: who.token });
    expect(cards.json()).toEqual([expect.objectContaining({ id: answer.subscription.card?.id, is_default: true })]);

    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
    expect(told).toEqual([
      expect.objectContaining({
        type: 'monthly_charge_succeeded',
        metadata: expect.objectContaining({ subscription_id: answer.subscription.id, amount: 5000 }),
      }),
    ]);
    const [mail] = await outboxTo(ctx.database.db, who.email);
    expect(mail?.subject).toBe('Sua doação mensal de R$ 50,00 chegou à sua carteira');
    expect(mail?.text).toContain('Cobramos R$ 50,00 no cartão VISA final 1111.');
    expect(cancelUrlIn(mail?.text ?? '')).toBe(cancelToken(ctx.config.jwtSecret, answer.subscription.id));
    expect(mail?.text).not.toContain('4111111111111111');

    const current = await call(ctx.app, 'GET', '/api/v1/subscriptions/current', undefined, { token: who.token });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ subscription: answer.subscription, charges: [answer.charge] });
  });

  it('with a saved card of the donor; the mail is in the language of the request', async () => {
    const who = await donor();
    const first = await subscribed(who);
    expect(
      (await call(ctx.app, 'POST', `/api/v1/subscriptions/${first.subscription.id}/cancel`, undefined, { token: who.token })).statusCode,
    ).toBe(200);
    const again = await subscribe(
      bodyFor(who, { method: 'saved_card', card_id: first.subscription.card?.id as string }, { amount: 2000 }),
      { token: who.token, locale: 'en' },
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(subscriptionResultSchema.parse(again.json()).subscription).toMatchObject({
      amount: 2000,
      status: 'active',
      card: { id: first.subscription.card?.id },
    });
    const mails = await outboxTo(ctx.database.db, who.email);
    expect(mails.map((m) => m.subject)).toContain('Your monthly donation of R$ 20,00 reached your wallet');
  });

  it('a replay with the same key answers the first result without charging again; another body under it is 409', async () => {
    const who = await donor();
    const key = newKey();
    const body = bodyFor(who, { method: 'card', card_token: await sandboxCardToken(ctx.app) });
    const first = await subscribe(body, { token: who.token, key });
    expect(first.statusCode).toBe(201);
    const replay = await subscribe(body, { token: who.token, key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await ctx.database.db.$count(subscriptionCharges, eq(subscriptionCharges.userId, who.user.id))).toBe(1);
    const other = await subscribe({ ...body, amount: 9000 }, { token: who.token, key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency.key_reused' });
  });

  it('a second monthly donation while one is open is 409 with a clear message and writes nothing', async () => {
    const who = await donor();
    await subscribed(who);
    const before = await rowCounts();
    const second = await subscribe(bodyFor(who, { method: 'card', card_token: await sandboxCardToken(ctx.app) }), { token: who.token });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'subscription.already_open',
      message: 'Você já tem uma doação mensal. Altere o valor ou o cartão no seu perfil.',
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("concurrent first requests of one donor, each with a new card: one 201, the others 409, and only the winner's card is saved", async () => {
    const who = await donor();
    const tokens = await Promise.all(Array.from({ length: 6 }, () => sandboxCardToken(ctx.app)));
    const answers = await Promise.all(
      tokens.map((card_token) => subscribe(bodyFor(who, { method: 'card', card_token }), { token: who.token })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const cards = await ctx.database.db.select().from(savedCards).where(eq(savedCards.userId, who.user.id));
    const winner = subscriptionResultSchema.parse(answers.find((a) => a.statusCode === 201)?.json());
    expect(cards.map((c) => c.id)).toEqual([winner.subscription.card?.id]);
  });

  it('refuses bad input with a translated 4xx and writes nothing', async () => {
    const who = await donor();
    const token = await sandboxCardToken(ctx.app);
    const before = await rowCounts();
    const tooLow = await subscribe(bodyFor(who, { method: 'card', card_token: token }, { amount: 999 }), { token: who.token });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().code).toBe('validation.failed');
    const notCents = await subscribe(bodyFor(who, { method: 'card', card_token: token }, { amount: 1000.5 }), { token: who.token });
    expect(notCents.statusCode).toBe(400);
    // A one-time PIX is no way to pay monthly; Pix Automático is refused where the PIX provider (the sandbox) has none.
    const pix = await subscribe(
      { ...bodyFor(who, { method: 'card', card_token: token }), payment: { method: 'pix' } },
      { token: who.token },
    );
    expect(pix.statusCode).toBe(400);
    const automatico = await subscribe(bodyFor(who, { method: 'pix_automatico' }), { token: who.token });
    expect(automatico.statusCode).toBe(400);
    expect(automatico.json()).toEqual({
      code: 'subscription.pix_automatico_unavailable',
      message: 'A doação mensal por PIX não está disponível no momento. Escolha o cartão.',
    });
    const noKey = await subscribe(bodyFor(who, { method: 'card', card_token: token }), { token: who.token, key: null });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('idempotency.key_required');
    const unknownToken = await subscribe(bodyFor(who, { method: 'card', card_token: 'tok_never_issued' }), { token: who.token });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json()).toEqual({ code: 'card.token_invalid', message: 'Os dados do cartão expiraram. Digite o cartão de novo.' });
    const signedOut = await subscribe(bodyFor(who, { method: 'card', card_token: token }));
    expect(signedOut.statusCode).toBe(401);
    expect(await rowCounts()).toEqual(before);
  });

  it("another donor's saved card is 404 and writes nothing", async () => {
    const owner = await donor();
    const owned = await subscribed(owner);
    const stranger = await donor();
    const before = await rowCounts();
    const response = await subscribe(bodyFor(stranger, { method: 'saved_card', card_id: owned.subscription.card?.id as string }), {
      token: stranger.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'card.saved_not_found', message: 'Cartão salvo não encontrado.' });
    expect(await rowCounts()).toEqual(before);
  });

  it('a declined first charge is 402 with the reason; nothing stays open, no credit, the card is not kept, and another card works', async () => {
    const who = await donor();
    const declined = await subscribe(
      bodyFor(who, { method: 'card', card_token: await sandboxCardToken(ctx.app, SANDBOX_TEST_CARDS.declined) }),
      { token: who.token },
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'payment.declined', message: 'Pagamento recusado pelo banco emissor. Tente outro cartão.' });
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, who.user.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'canceled', cancelReason: 'payment_failed', nextChargeAt: null })]);
    const charges = await ctx.database.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.userId, who.user.id));
    expect(charges).toEqual([expect.objectContaining({ status: 'failed', failureCode: 'payment.declined', lotId: null })]);
    expect(await ctx.database.db.$count(walletLots, eq(walletLots.userId, who.user.id))).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/v1/cards', undefined, { token: who.token })).json()).toEqual([]);
    expect((await call(ctx.app, 'GET', '/api/v1/subscriptions/current', undefined, { token: who.token })).json()).toEqual({
      subscription: null,
      charges: [],
    });

    const english = await subscribe(
      bodyFor(who, { method: 'card', card_token: await sandboxCardToken(ctx.app, SANDBOX_TEST_CARDS.insufficientFunds) }),
      { token: who.token, locale: 'en' },
    );
    expect(english.statusCode).toBe(402);
    expect(english.json().code).toBe('payment.insufficient_funds');
    expect(english.json().message).not.toBe('Saldo ou limite insuficiente no cartão. Tente outro cartão.');

    await subscribed(who);
  });
});

describe('managing the subscription', () => {
  it('changes amount and card, pauses, resumes and cancels; a wrong state is 409 and changes nothing', async () => {
    const who = await donor();
    const { subscription } = await subscribed(who);
    const [other] = await ctx.database.db
      .insert(savedCards)
      .values({
        userId: who.user.id,
        gateway: 'sandbox',
        gatewayToken: `card_other_${subscription.id}`,
        brand: 'mastercard',
        last4: '4444',
        expMonth: 11,
        expYear: 2033,
        holderName: 'MARIA DA SILVA',
      })
      .returning();
    const url = `/api/v1/subscriptions/${subscription.id}`;

    const patched = await call(ctx.app, 'PATCH', url, { amount: 7500, card_id: other!.id }, { token: who.token });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(subscriptionSchema.parse(patched.json())).toMatchObject({
      amount: 7500,
      card: { id: other!.id, brand: 'mastercard', last4: '4444' },
      next_charge_at: subscription.next_charge_at,
    });
    const emptyPatch = await call(ctx.app, 'PATCH', url, {}, { token: who.token });
    expect(emptyPatch.statusCode).toBe(400);
    const tooHigh = await call(ctx.app, 'PATCH', url, { amount: 1_000_001 }, { token: who.token });
    expect(tooHigh.statusCode).toBe(400);

    const paused = await call(ctx.app, 'POST', `${url}/pause`, undefined, { token: who.token });
    expect(paused.json()).toMatchObject({ status: 'paused', next_charge_at: null, paused_at: expect.any(String) });
    const pausedAgain = await call(ctx.app, 'POST', `${url}/pause`, undefined, { token: who.token });
    expect(pausedAgain.statusCode).toBe(409);
    expect(pausedAgain.json()).toEqual({ code: 'subscription.state_invalid', message: 'Só é possível pausar uma doação mensal ativa.' });

    const resumed = await call(ctx.app, 'POST', `${url}/resume`, undefined, { token: who.token });
    expect(resumed.json()).toMatchObject({ status: 'active', next_charge_at: subscription.next_charge_at, paused_at: null });
    const resumedAgain = await call(ctx.app, 'POST', `${url}/resume`, undefined, { token: who.token });
    expect(resumedAgain.statusCode).toBe(409);
    expect(resumedAgain.json().message).toBe('Esta doação mensal não está pausada.');

    const canceled = await call(ctx.app, 'POST', `${url}/cancel`, undefined, { token: who.token });
    expect(canceled.json()).toMatchObject({ status: 'canceled', next_charge_at: null, canceled_at: expect.any(String) });
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row?.cancelReason).toBe('donor');
    for (const action of ['cancel', 'pause', 'resume']) {
      expect((await call(ctx.app, 'POST', `${url}/${action}`, undefined, { token: who.token })).statusCode).toBe(409);
    }
    expect((await call(ctx.app, 'PATCH', url, { amount: 2000 }, { token: who.token })).statusCode).toBe(409);
    const mails = await outboxTo(ctx.database.db, who.email);
    expect(mails.map((m) => m.subject)).toContain('Sua doação mensal foi cancelada');
    // The wallet page still shows it, canceled, with the months it paid.
    const current = (await call(ctx.app, 'GET', '/api/v1/subscriptions/current', undefined, { token: who.token })).json();
    expect(current.subscription).toMatchObject({ id: subscription.id, status: 'canceled', canceled_at: expect.any(String) });
    expect(current.charges).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it("another donor's subscription is 404 for every call and stays as it was; another donor's card is refused; signed-out is 401", async () => {
    const owner = await donor();
    const { subscription } = await subscribed(owner);
    const stranger = await donor();
    const strangers = await subscribed(stranger);
    const url = `/api/v1/subscriptions/${subscription.id}`;
    const [before] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));

    const patch = await call(ctx.app, 'PATCH', url, { amount: 9000 }, { token: stranger.token });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ code: 'subscription.not_found', message: 'Doação mensal não encontrada.' });
    for (const action of ['pause', 'resume', 'cancel']) {
      expect((await call(ctx.app, 'POST', `${url}/${action}`, undefined, { token: stranger.token })).statusCode).toBe(404);
    }
    expect((await call(ctx.app, 'POST', '/api/v1/subscriptions/not-a-uuid/pause', undefined, { token: stranger.token })).statusCode).toBe(
      404,
    );
    const theirCard = await call(ctx.app, 'PATCH', url, { card_id: strangers.subscription.card?.id }, { token: owner.token });
    expect(theirCard.statusCode).toBe(404);
    expect(theirCard.json().code).toBe('card.saved_not_found');
    const [after] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after).toEqual(before);

    for (const [method, path] of [
      ['GET', '/api/v1/subscriptions/current'],
      ['PATCH', url],
      ['POST', `${url}/pause`],
      ['POST', `${url}/resume`],
      ['POST', `${url}/cancel`],
    ] as const) {
      const response = await call(ctx.app, method, path, method === 'PATCH' ? { amount: 2000 } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('the e-mail cancel link', () => {
  it('shows the subscription, cancels without signing in, and answers the same when followed again', async () => {
    const who = await donor();
    const { subscription } = await subscribed(who, 3500);
    const [mail] = await outboxTo(ctx.database.db, who.email);
    const token = cancelUrlIn(mail?.text ?? '');

    const preview = await call(ctx.app, 'GET', `/api/v1/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ subscription: { amount: 3500, status: 'active' } });

    const canceled = await call(ctx.app, 'POST', '/api/v1/subscriptions/cancel-by-link', { token });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ subscription: { amount: 3500, status: 'canceled' } });
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ status: 'canceled', cancelReason: 'link', nextChargeAt: null });
    const mailsAfterCancel = (await outboxTo(ctx.database.db, who.email)).length;

    const replay = await call(ctx.app, 'POST', '/api/v1/subscriptions/cancel-by-link', { token });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ subscription: { amount: 3500, status: 'canceled' } });
    expect((await outboxTo(ctx.database.db, who.email)).length).toBe(mailsAfterCancel);
  });

  /** The token with the first character of its signature changed (always a change, whatever it was). */
  const tampered = (token: string) => {
    const [id, signature = ''] = token.split('.');
    return `${id}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  };

  it('a forged, tampered or foreign-secret token is refused and changes nothing', async () => {
    const who = await donor();
    const { subscription } = await subscribed(who);
    const good = cancelToken(ctx.config.jwtSecret, subscription.id);
    const forged = [
      cancelToken('another-secret-that-is-long-enough-for-hs256', subscription.id),
      tampered(good),
      `${randomUUID()}.${good.split('.')[1]}`,
      'not-a-token-at-all',
    ];
    for (const token of forged) {
      const preview = await call(ctx.app, 'GET', `/api/v1/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
      expect(preview.statusCode, token).toBe(404);
      expect(preview.json()).toEqual({
        code: 'subscription.cancel_link_invalid',
        message: 'Este link de cancelamento é inválido. Use o link do e-mail mais recente ou cancele pelo seu perfil.',
      });
      expect((await call(ctx.app, 'POST', '/api/v1/subscriptions/cancel-by-link', { token })).statusCode).toBe(404);
    }
    expect((await call(ctx.app, 'POST', '/api/v1/subscriptions/cancel-by-link', {})).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row?.status).toBe('active');
  });
});
