import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionResultSchema, type SubscriptionRequestInput } from '../../contracts/subscriptions';
import { donations, notifications, subscriptionCharges, walletLots } from '../../server/db/schema';
import { accountBalance, walletBalance } from '../../server/services/ledger';
import type { CardChargeResult } from '../../server/services/payments/gateway';
import { chargeDueSubscriptions } from '../../server/services/subscriptions/charge-due';
import { notifyExpiringCredit } from '../../server/services/wallet/notify-expiring';
import { settleExpiredCredit } from '../../server/services/wallet/settle-expired';
import { FakeGateway } from '../support/fake-gateway';
import { singleGateway } from '../../server/services/payments/gateways';
import { confirmSignUp, newUserInput, signIn } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, newKey, personContact } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/** A fake gateway whose cards can be made to decline for a while. */
class SwitchableGateway extends FakeGateway {
  declining = false;
  override async chargeCard(input: { idempotencyKey: string; amountCents: number; cardToken: string }): Promise<CardChargeResult> {
    return super.chargeCard(this.declining ? { ...input, cardToken: 'tok_declined' } : input);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant given as São Paulo wall time (UTC−3). */
const sp = (local: string) => new Date(`${local}-03:00`);
const spDay = (date: Date) => new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

let ctx: TestContext;
let gateway: SwitchableGateway;

beforeAll(async () => {
  gateway = new SwitchableGateway();
  ctx = await createTestContext({}, { gateway });
}, 60_000);
afterAll(() => ctx.close());

function setClock(at: Date): void {
  ctx.clock.advance(at.getTime() - ctx.clock.now().getTime());
}

/**
 * Every job of the donor's home, as the crons run them, twice over (a second node, or a retry after a
 * crash, must change nothing).
 */
async function runJobs(): Promise<void> {
  const deps = { db: ctx.database.db, gateways: singleGateway(gateway), translator: ctx.app.translator, config: ctx.config };
  for (let i = 0; i < 2; i++) {
    await chargeDueSubscriptions(deps, ctx.clock.now());
    await settleExpiredCredit(deps, ctx.clock.now());
    await notifyExpiringCredit(deps, ctx.clock.now());
  }
}

describe("a year of a monthly donor's wallet, every job run daily with a controllable clock", () => {
  it('charges month by month (short months, a refused charge and its retry, a pause), spends, and donates each unused lot exactly once', async () => {
    setClock(sp('2027-01-31T15:00:00'));
    const campaign = await createCampaign(ctx.database.db, { startsAt: sp('2026-12-01T00:00:00'), endsAt: sp('2029-12-31T00:00:00') });
    const input = newUserInput();
    expect((await call(ctx.app, 'POST', '/api/v1/users', input)).statusCode).toBe(202);
    await confirmSignUp(ctx.app, input.email);
    // Access tokens live 15 minutes of the test clock: sign in again whenever the donor acts.
    const token = async () => (await signIn(ctx.app, input.email, input.password)).token;
    const me = await signIn(ctx.app, input.email, input.password);
    const userId = me.user.id;

    const body: SubscriptionRequestInput = {
      amount: 5000,
      payment: { method: 'card', card_token: 'tok_ok' },
      contact: { ...personContact, email: input.email },
      address: { ...brazilianAddress },
    };
    const created = await call(ctx.app, 'POST', '/api/v1/subscriptions', body, {
      token: me.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscriptionId = subscriptionResultSchema.parse(created.json()).subscription.id;
    const cause = await call(ctx.app, 'PUT', '/api/v1/wallet/auto-donation-cause', { campaign_slug: campaign.slug }, { token: me.token });
    expect(cause.statusCode, cause.body).toBe(200);

    let spent = 0;
    for (let day = sp('2027-02-01T00:30:00').getTime(); day <= sp('2028-01-31T00:30:00').getTime(); day += DAY_MS) {
      setClock(new Date(day));
      const today = spDay(ctx.clock.now());
      // The card stops working for the May charge and works again for its first retry (1 June).
      gateway.declining = today === '2027-05-31';
      await runJobs();
      if (today === '2027-08-15')
        expect(
          (await call(ctx.app, 'POST', `/api/v1/subscriptions/${subscriptionId}/pause`, undefined, { token: await token() })).statusCode,
        ).toBe(200);
      if (today === '2027-10-05')
        expect(
          (await call(ctx.app, 'POST', `/api/v1/subscriptions/${subscriptionId}/resume`, undefined, { token: await token() })).statusCode,
        ).toBe(200);
      // On the 10th the donor gives R$ 20,00 from the wallet, when there is credit.
      if (today.endsWith('-10') && (await walletBalance(ctx.database.db, userId, ctx.clock.now())) >= 2000) {
        const gift = await give(
          ctx.app,
          campaign.slug,
          donationBody({ method: 'wallet' }, { amount: 2000, contact: { ...personContact, email: input.email } }),
          { token: await token() },
        );
        expect(gift.statusCode, gift.body).toBe(201);
        spent += 2000;
      }
    }

    // Months charged: 31 Jan, then the last day of each shorter month, the refused May charge paid on
    // its retry, nothing while paused (August, September), then again from 31 October.
    const charges = await ctx.database.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
      .orderBy(subscriptionCharges.periodStart, subscriptionCharges.attempt);
    expect(charges.map((c) => [spDay(c.periodStart), c.attempt, c.status])).toEqual([
      ['2027-01-31', 0, 'succeeded'],
      ['2027-02-28', 0, 'succeeded'],
      ['2027-03-31', 0, 'succeeded'],
      ['2027-04-30', 0, 'succeeded'],
      ['2027-05-31', 0, 'failed'],
      ['2027-05-31', 1, 'succeeded'],
      ['2027-06-30', 0, 'succeeded'],
      ['2027-07-31', 0, 'succeeded'],
      ['2027-10-31', 0, 'succeeded'],
      ['2027-11-30', 0, 'succeeded'],
      ['2027-12-31', 0, 'succeeded'],
      ['2028-01-31', 0, 'succeeded'],
    ]);
    expect(gateway.chargeCount).toBe(12);

    // Every lot got one R$ 20,00 gift on the 10th; the R$ 30,00 left on each of the ten that expired
    // went to the chosen campaign exactly once, and only the January 2028 credit is still in the wallet.
    const lots = await ctx.database.db.select().from(walletLots).where(eq(walletLots.userId, userId));
    expect(lots).toHaveLength(11);
    expect(spent).toBe(10 * 2000);
    const automatic = await ctx.database.db
      .select()
      .from(donations)
      .where(and(eq(donations.userId, userId), isNotNull(donations.automaticSource)));
    expect(automatic).toHaveLength(10);
    expect(new Set(automatic.map((d) => d.automaticSource)).size).toBe(10);
    expect(automatic.every((d) => d.amountCents === 3000 && d.campaignId === campaign.id && d.status === 'confirmed')).toBe(true);
    expect(await walletBalance(ctx.database.db, userId, ctx.clock.now())).toBe(5000);
    // Everything charged for the ten finished months reached the campaign: gifts plus automatic donations.
    expect(await accountBalance(ctx.database.db, { kind: 'campaign', campaignId: campaign.id })).toBe(10 * 5000);

    const noticeCount = async (type: string) =>
      ctx.database.db.$count(notifications, and(eq(notifications.userId, userId), eq(notifications.type, type)));
    expect(await noticeCount('monthly_charge_succeeded')).toBe(11);
    expect(await noticeCount('monthly_charge_failed')).toBe(1);
    expect(await noticeCount('automatic_donation')).toBe(10);
    // Told once per lot, a week ahead, how much would go where.
    expect(await noticeCount('credit_expiring')).toBe(10);
  }, 240_000);
});
