import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARD_CODE, DEMO_REDEEMABLE_GIFT_CARD_CODE, seedDemoGiving } from '../../server/seed/demo-giving';
import { walletLots } from '../../server/services/ledger';
import { newSession } from './helpers/fixtures';
import { campaignRaised, createCampaign } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo giving data', () => {
  it('fills campaigns, the demo wallet and the demo gift card through the ledger', async () => {
    const donor = await newSession(ctx.app);
    const goal = await createCampaign(ctx.database.db, { goalCents: 50_000 });
    const open = await createCampaign(ctx.database.db, { goalCents: null });
    await ctx.database.db.transaction((tx) =>
      seedDemoGiving(tx, {
        now: ctx.clock.now(),
        users: { donorId: donor.user.id },
        campaigns: [
          { ...goal, goalCents: 50_000 },
          { ...open, goalCents: null },
        ],
      }),
    );
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
});
