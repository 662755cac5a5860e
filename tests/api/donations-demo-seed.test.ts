import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRefundSchema } from '../../contracts/admin-donations';
import { donations, payments } from '../../server/db/schema';
import {
  DEMO_GIFT_CARD_CODE,
  DEMO_REDEEMABLE_GIFT_CARD_CODE,
  payDemoGifts,
  planDemoGifts,
  seedDemoGiving,
} from '../../server/seed/demo-giving';
import { demoPaymentsOf } from '../../server/seed/demo-payments';
import { walletLots } from '../../server/services/ledger';
import { grantAdmin, newSession } from './helpers/fixtures';
import { campaignRaised, createCampaign, newKey } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo giving data', () => {
  let donor: Awaited<ReturnType<typeof newSession>>;
  let goal: { id: string; slug: string; title: string };

  it('fills campaigns, the demo wallet and the demo gift card through the ledger', async () => {
    donor = await newSession(ctx.app);
    goal = await createCampaign(ctx.database.db, { goalCents: 50_000 });
    const open = await createCampaign(ctx.database.db, { goalCents: null });
    const gifts = planDemoGifts([{ goalCents: 50_000 }, { goalCents: null }], ctx.clock.now());
    const demoPayments = demoPaymentsOf(ctx.app.paymentGateways, () => ctx.clock.now());
    const paid = await payDemoGifts(gifts, demoPayments);
    await ctx.database.db.transaction((tx) =>
      seedDemoGiving(tx, { now: ctx.clock.now(), users: { donorId: donor.user.id }, campaigns: [goal, open], gifts, paid }),
    );
    await demoPayments.settle(paid.values());
    expect(await campaignRaised(ctx.database.db, goal.id)).toBeGreaterThan(50_000);
    expect(await campaignRaised(ctx.database.db, open.id)).toBeGreaterThan(0);
    const balance = await call(ctx.app, 'GET', `/api/v1/donors/${donor.user.id}/wallets/balance`, undefined, { token: donor.token });
    expect(balance.json()).toEqual({ data: 10_000 });
    const lots = await walletLots(ctx.database.db, donor.user.id, ctx.clock.now());
    expect(lots.map((l) => [l.origin, l.remainingCents])).toEqual([
      ['monthly_credit', 4000],
      ['gift_card', 6000],
    ]);
    const card = await call(ctx.app, 'GET', `/api/v1/gift-cards/${DEMO_GIFT_CARD_CODE}`);
    expect(card.json()).toMatchObject({ balance: 10_000 });
    const redeemed = await call(
      ctx.app,
      'POST',
      '/api/v1/gift-cards/redemptions',
      { code: DEMO_REDEEMABLE_GIFT_CARD_CODE },
      { token: donor.token },
    );
    expect(redeemed.json()).toMatchObject({ amount: 5_000, balance: 15_000 });
  });

  it('its donations are payments the gateway knows: card and PIX ones refund for real, through the gateway', async () => {
    const seeded = await ctx.database.db
      .select({ id: donations.id, method: donations.paymentMethod, amount: donations.amountCents, ref: payments.gatewayRef })
      .from(donations)
      .innerJoin(payments, eq(payments.donationId, donations.id))
      .where(eq(donations.campaignId, goal.id));
    expect(seeded.every((d) => d.ref !== null)).toBe(true);
    const admin = await newSession(ctx.app);
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    for (const method of ['card', 'pix'] as const) {
      const gift = seeded.find((d) => d.method === method)!;
      const answer = await call(
        ctx.app,
        'POST',
        `/api/v1/admin/donations/${gift.id}/refunds`,
        { amount: 100, reason: 'Teste do demo' },
        { token: admin.token, headers: { 'idempotency-key': newKey() } },
      );
      expect(answer.statusCode, answer.body).toBe(201);
      expect(adminRefundSchema.parse(answer.json()), method).toMatchObject({ status: 'succeeded', failure_reason: null });
    }
  });
});
