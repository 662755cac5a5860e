import { and, asc, eq, ne } from 'drizzle-orm';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { subscriptionResultSchema, type SubscriptionRequestInput } from '../../contracts/subscriptions';
import { notifications, subscriptionCharges, subscriptions, walletLots } from '../../server/db/schema';
import { walletBalance } from '../../server/services/ledger';
import type { CardChargeResult } from '../../server/services/payments/gateway';
import { chargeDueSubscriptions, type SubscriptionDeps } from '../../server/services/subscriptions/charge-due';
import { FakeGateway } from '../support/fake-gateway';
import { singleGateway } from '../../server/services/payments/gateways';
import { confirmSignUp, newUserInput, signIn } from './helpers/fixtures';
import { brazilianAddress, newKey, outboxTo, personContact } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/** The fake gateway whose cards can be made to stop working (and work again). */
class SwitchableGateway extends FakeGateway {
  declining = false;
  override async chargeCard(input: { idempotencyKey: string; amountCents: number; cardToken: string }): Promise<CardChargeResult> {
    return super.chargeCard(this.declining ? { ...input, cardToken: 'tok_declined' } : input);
  }
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** An instant given as São Paulo wall time (UTC−3). */
const sp = (local: string) => new Date(`${local}-03:00`);
const spDay = (date: Date) => new Date(date.getTime() - 3 * 60 * MINUTE_MS).toISOString().slice(0, 10);

let ctx: TestContext;
let gateway: SwitchableGateway;
let deps: SubscriptionDeps;

beforeAll(async () => {
  gateway = new SwitchableGateway();
  ctx = await createTestContext({}, { gateway });
  deps = { db: ctx.database.db, gateways: singleGateway(gateway), translator: ctx.app.translator, config: ctx.config };
});
afterAll(() => ctx.close());
// Each test's subscriptions end with it, so the next test's job runs see only its own.
afterEach(async () => {
  gateway.declining = false;
  gateway.chargeDelayMs = 0;
  await ctx.database.db.update(subscriptions).set({ status: 'canceled', nextChargeAt: null }).where(ne(subscriptions.status, 'canceled'));
});

function setClock(at: Date): Date {
  ctx.clock.advance(at.getTime() - ctx.clock.now().getTime());
  return at;
}

/** A donor signed up and subscribed at `at` with a card the fake approves. */
async function subscribeAt(at: Date, amount = 5000) {
  setClock(at);
  const input = newUserInput();
  expect((await call(ctx.app, 'POST', '/api/v1/users', input)).statusCode).toBe(202);
  await confirmSignUp(ctx.app, input.email);
  const session = await signIn(ctx.app, input.email, input.password);
  const body: SubscriptionRequestInput = {
    amount,
    payment: { method: 'card', card_token: 'tok_ok' },
    contact: { ...personContact, email: input.email },
    address: { ...brazilianAddress },
  };
  const response = await call(ctx.app, 'POST', '/api/v1/subscriptions', body, {
    token: session.token,
    headers: { 'idempotency-key': newKey() },
  });
  expect(response.statusCode, response.body).toBe(201);
  const relogin = async () => (await signIn(ctx.app, input.email, input.password)).token;
  return { userId: session.user.id, email: input.email, relogin, ...subscriptionResultSchema.parse(response.json()) };
}

const runAt = (at: Date) => chargeDueSubscriptions(deps, setClock(at));
const lotsOf = (userId: string) =>
  ctx.database.db.select().from(walletLots).where(eq(walletLots.userId, userId)).orderBy(asc(walletLots.expiresAt));
const chargesOf = (subscriptionId: string) =>
  ctx.database.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionCharges.periodStart), asc(subscriptionCharges.attempt));
const subscriptionRow = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const noticesOf = (userId: string, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
    .orderBy(asc(notifications.createdAt));

describe('the monthly charge job with a controllable clock', () => {
  it('a year from 31 January: one charge a month on the last day of shorter months, each a lot lasting until the next', async () => {
    const donor = await subscribeAt(sp('2027-01-31T15:00:00'));
    expect(donor.subscription.billing_day).toBe(31);
    const totals = { charged: 0, failed: 0, canceled: 0 };
    // The cron, once a day at 00:30 in São Paulo, through the day before the 13th charge.
    for (let day = sp('2027-02-01T00:30:00').getTime(); day < sp('2028-01-31T00:00:00').getTime(); day += DAY_MS) {
      const report = await runAt(new Date(day));
      totals.charged += report.charged;
      totals.failed += report.failed;
      totals.canceled += report.canceled;
    }
    expect(totals).toEqual({ charged: 11, failed: 0, canceled: 0 });
    const charges = await chargesOf(donor.subscription.id);
    expect(charges.map((c) => [spDay(c.periodStart), c.status, c.attempt])).toEqual(
      [
        '2027-01-31',
        '2027-02-28',
        '2027-03-31',
        '2027-04-30',
        '2027-05-31',
        '2027-06-30',
        '2027-07-31',
        '2027-08-31',
        '2027-09-30',
        '2027-10-31',
        '2027-11-30',
        '2027-12-31',
      ].map((d) => [d, 'succeeded', 0]),
    );
    // Through the leap February of 2028.
    for (const at of ['2028-01-31T00:01:00', '2028-02-29T00:01:00', '2028-02-29T12:00:00']) await runAt(sp(at));
    const lots = await lotsOf(donor.userId);
    expect(lots.map((l) => [l.origin, l.amountCents, spDay(l.expiresAt)])).toEqual(
      [
        '2027-02-28',
        '2027-03-31',
        '2027-04-30',
        '2027-05-31',
        '2027-06-30',
        '2027-07-31',
        '2027-08-31',
        '2027-09-30',
        '2027-10-31',
        '2027-11-30',
        '2027-12-31',
        '2028-01-31',
        '2028-02-29',
        '2028-03-31',
      ].map((d) => ['monthly_credit', 5000, d]),
    );
    expect(lots.every((l) => l.expiresAt.getTime() === sp(`${spDay(l.expiresAt)}T00:00:00`).getTime())).toBe(true);
    expect(await walletBalance(ctx.database.db, donor.userId, ctx.clock.now())).toBe(5000);
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({
      status: 'active',
      billingDay: 31,
      nextChargeAt: sp('2028-03-31T00:00:00'),
      retryCount: 0,
    });
    expect(await noticesOf(donor.userId, 'monthly_charge_succeeded')).toHaveLength(14);
    expect(
      (await outboxTo(ctx.database.db, donor.email)).filter((m) => m.subject.startsWith('Sua doação mensal de R$ 50,00')),
    ).toHaveLength(14);
  });

  it('a refused charge makes it past_due and is retried 1, 3 and 7 days later, the donor told each time; a paid retry makes it active', async () => {
    const donor = await subscribeAt(sp('2028-04-10T12:00:00'));
    gateway.declining = true;
    expect(await runAt(sp('2028-05-10T00:01:00'))).toEqual({ charged: 0, failed: 1, canceled: 0 });
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({
      status: 'past_due',
      retryCount: 1,
      nextChargeAt: sp('2028-05-11T00:00:00'),
    });
    expect(await runAt(sp('2028-05-10T08:00:00'))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    expect(await runAt(sp('2028-05-11T00:01:00'))).toEqual({ charged: 0, failed: 1, canceled: 0 });
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({
      status: 'past_due',
      retryCount: 2,
      nextChargeAt: sp('2028-05-13T00:00:00'),
    });

    gateway.declining = false;
    expect(await runAt(sp('2028-05-13T00:01:00'))).toEqual({ charged: 1, failed: 0, canceled: 0 });
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({
      status: 'active',
      retryCount: 0,
      nextChargeAt: sp('2028-06-10T00:00:00'),
    });
    const may = (await chargesOf(donor.subscription.id)).filter((c) => spDay(c.periodStart) === '2028-05-10');
    expect(may.map((c) => [c.attempt, c.status, c.failureCode])).toEqual([
      [0, 'failed', 'payment.declined'],
      [1, 'failed', 'payment.declined'],
      [2, 'succeeded', null],
    ]);
    // The month's credit lasts until the next due date, whenever the retry paid it.
    expect((await lotsOf(donor.userId)).map((l) => spDay(l.expiresAt))).toEqual(['2028-05-10', '2028-06-10']);

    const failed = await noticesOf(donor.userId, 'monthly_charge_failed');
    expect(failed.map((n) => n.metadata)).toEqual([
      expect.objectContaining({
        attempt: 0,
        failure_code: 'payment.declined',
        retry_at: sp('2028-05-11T00:00:00').toISOString(),
        canceled: false,
      }),
      expect.objectContaining({ attempt: 1, retry_at: sp('2028-05-13T00:00:00').toISOString(), canceled: false }),
    ]);
    const mails = await outboxTo(ctx.database.db, donor.email);
    const failureMails = mails.filter((m) => m.subject === 'Não conseguimos cobrar sua doação mensal de R$ 50,00');
    expect(failureMails).toHaveLength(2);
    expect(failureMails[0]?.text).toContain('Vamos tentar de novo em 11/05/2028.');
    expect(failureMails[0]?.text).toContain('http://semear.test/doacao-mensal/cancelar?token=');
  });

  it('after the third retry fails it is canceled for payment failure and the donor told; nothing is charged afterwards', async () => {
    const donor = await subscribeAt(sp('2028-06-10T09:00:00'));
    gateway.declining = true;
    const reports = [];
    for (const at of ['2028-07-10T00:01:00', '2028-07-11T00:01:00', '2028-07-13T00:01:00', '2028-07-17T00:01:00'])
      reports.push(await runAt(sp(at)));
    expect(reports).toEqual([
      { charged: 0, failed: 1, canceled: 0 },
      { charged: 0, failed: 1, canceled: 0 },
      { charged: 0, failed: 1, canceled: 0 },
      { charged: 0, failed: 0, canceled: 1 },
    ]);
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'payment_failed',
      nextChargeAt: null,
    });
    const failed = await noticesOf(donor.userId, 'monthly_charge_failed');
    expect(failed.map((n) => [n.metadata.attempt, n.metadata.canceled])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [3, true],
    ]);
    const mails = await outboxTo(ctx.database.db, donor.email);
    expect(mails.filter((m) => m.subject === 'Sua doação mensal foi cancelada')).toHaveLength(1);
    gateway.declining = false;
    expect(await runAt(sp('2028-08-10T00:01:00'))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    expect((await lotsOf(donor.userId)).length).toBe(1);
  });

  it('pause skips the months in between; resume restarts on the next billing date without charging the skipped ones', async () => {
    const donor = await subscribeAt(sp('2028-08-05T12:00:00'));
    setClock(sp('2028-08-20T10:00:00'));
    const paused = await call(ctx.app, 'POST', `/api/v1/subscriptions/${donor.subscription.id}/pause`, undefined, {
      token: await donor.relogin(),
    });
    expect(paused.json()).toMatchObject({ status: 'paused', next_charge_at: null });
    for (const at of ['2028-09-05T00:01:00', '2028-10-05T00:01:00', '2028-11-05T00:01:00'])
      expect(await runAt(sp(at))).toEqual({ charged: 0, failed: 0, canceled: 0 });

    setClock(sp('2028-11-20T10:00:00'));
    const resumed = await call(ctx.app, 'POST', `/api/v1/subscriptions/${donor.subscription.id}/resume`, undefined, {
      token: await donor.relogin(),
    });
    expect(resumed.json()).toMatchObject({ status: 'active', next_charge_at: sp('2028-12-05T00:00:00').toISOString() });
    expect(await runAt(sp('2028-11-21T00:01:00'))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    expect(await runAt(sp('2028-12-05T00:01:00'))).toEqual({ charged: 1, failed: 0, canceled: 0 });
    expect((await chargesOf(donor.subscription.id)).map((c) => spDay(c.periodStart))).toEqual(['2028-08-05', '2028-12-05']);
    expect((await lotsOf(donor.userId)).map((l) => spDay(l.expiresAt))).toEqual(['2028-09-05', '2029-01-05']);
  });

  it('the job running twice, or on several nodes at once, charges once', async () => {
    const donor = await subscribeAt(sp('2029-01-15T12:00:00'));
    const chargedBefore = gateway.chargeCount;
    gateway.chargeDelayMs = 30;
    const otherNode: SubscriptionDeps = { ...deps };
    const at = setClock(sp('2029-02-15T00:01:00'));
    const reports = await Promise.all([
      chargeDueSubscriptions(deps, at),
      chargeDueSubscriptions(otherNode, at),
      chargeDueSubscriptions(deps, at),
    ]);
    expect(reports.reduce((sum, r) => sum + r.charged, 0)).toBe(1);
    expect(await runAt(sp('2029-02-15T00:02:00'))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    expect(gateway.chargeCount - chargedBefore).toBe(1);
    expect(await chargesOf(donor.subscription.id)).toHaveLength(2);
    expect(await lotsOf(donor.userId)).toHaveLength(2);
    expect(await noticesOf(donor.userId, 'monthly_charge_succeeded')).toHaveLength(2);
  });

  it('a crash between the gateway and the ledger is settled once by a later run, without charging again', async () => {
    const donor = await subscribeAt(sp('2029-03-20T12:00:00'));
    const chargedBefore = gateway.chargeCount;
    const crashing: SubscriptionDeps = {
      ...deps,
      hooks: {
        afterGatewayCall: () => {
          throw new Error('process killed after the charge');
        },
      },
    };
    expect(await chargeDueSubscriptions(crashing, setClock(sp('2029-04-20T00:01:00')))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    expect(gateway.chargeCount - chargedBefore).toBe(1);
    expect((await chargesOf(donor.subscription.id)).map((c) => c.status)).toEqual(['succeeded', 'processing']);
    expect(await lotsOf(donor.userId)).toHaveLength(1);
    // Still in flight as far as anyone can tell: left alone.
    expect(await runAt(sp('2029-04-20T00:01:30'))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    // Later, the gateway is asked by the charge id and its answer settled.
    expect(await runAt(sp('2029-04-20T00:03:00'))).toEqual({ charged: 1, failed: 0, canceled: 0 });
    expect(await runAt(sp('2029-04-20T00:05:00'))).toEqual({ charged: 0, failed: 0, canceled: 0 });
    expect(gateway.chargeCount - chargedBefore).toBe(1);
    expect((await chargesOf(donor.subscription.id)).map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect((await lotsOf(donor.userId)).map((l) => spDay(l.expiresAt))).toEqual(['2029-04-20', '2029-05-20']);
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({ status: 'active', nextChargeAt: sp('2029-05-20T00:00:00') });
  });

  it('a first charge whose answer was lost: the replay of the request settles it and answers 201, charged once', async () => {
    setClock(sp('2029-06-01T12:00:00'));
    const input = newUserInput();
    expect((await call(ctx.app, 'POST', '/api/v1/users', input)).statusCode).toBe(202);
    await confirmSignUp(ctx.app, input.email);
    const session = await signIn(ctx.app, input.email, input.password);
    const body: SubscriptionRequestInput = {
      amount: 2500,
      payment: { method: 'card', card_token: 'tok_ok' },
      contact: { ...personContact, email: input.email },
      address: { ...brazilianAddress },
    };
    const key = newKey();
    const chargedBefore = gateway.chargeCount;
    gateway.loseNextChargeAnswer = true;
    const lost = await call(ctx.app, 'POST', '/api/v1/subscriptions', body, { token: session.token, headers: { 'idempotency-key': key } });
    expect(lost.statusCode).toBe(500);
    const replay = await call(ctx.app, 'POST', '/api/v1/subscriptions', body, {
      token: session.token,
      headers: { 'idempotency-key': key },
    });
    expect(replay.statusCode, replay.body).toBe(201);
    expect(subscriptionResultSchema.parse(replay.json()).charge.status).toBe('succeeded');
    expect(gateway.chargeCount - chargedBefore).toBe(1);
    expect(await lotsOf(session.user.id)).toHaveLength(1);
  });
});
