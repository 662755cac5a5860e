import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationResultSchema, type DonationResult } from '../../contracts/donations';
import { donations, ledgerGroups, payments } from '../../server/db/schema';
import type { GatewayEvent } from '../../server/services/payments/gateway';
import { parsePixBrCode } from '../../server/services/payments/pix/br-code';
import { FAKE_WEBHOOK_SECRET, FakeGateway } from '../support/fake-gateway';
import { campaignRaised, createCampaign, donationBody, give, moneyRowCounts, newKey, signedWebhook } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let campaign: { id: string; slug: string };
beforeAll(async () => {
  ctx = await createTestContext();
  campaign = await createCampaign(ctx.database.db);
});
afterAll(() => ctx.close());

const WEBHOOK = '/api/v1/payments/webhooks/sandbox';

async function pendingPix(amount = 6000): Promise<{ answer: DonationResult; event: GatewayEvent }> {
  const answer = donationResultSchema.parse(
    (await give(ctx.app, campaign.slug, donationBody({ method: 'pix' }, { amount, address: null }))).json(),
  );
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.donationId, answer.donation.id));
  const txid = parsePixBrCode(answer.payment.br_code as string).txid as string;
  const event: GatewayEvent = {
    id: `evt_${txid}`,
    type: 'payment.succeeded',
    idempotencyKey: payment!.id,
    gatewayRef: payment!.gatewayRef ?? txid,
    amountCents: amount,
    occurredAt: ctx.clock.now(),
  };
  return { answer, event };
}

const nowS = () => Math.floor(ctx.clock.now().getTime() / 1000);
const groupsOf = async (donationId: string) =>
  Number(
    (
      await ctx.database.db
        .select({ n: count() })
        .from(ledgerGroups)
        .where(like(ledgerGroups.reference, `%:${donationId}`))
    )[0]?.n,
  );

describe('POST /payments/webhooks/{gateway}', () => {
  it('refuses a forged signature, a tampered body and a stale timestamp with 400, changing nothing', async () => {
    const { answer, event } = await pendingPix();
    const secret = ctx.config.payments.webhookSecret;
    const good = signedWebhook(event, secret, nowS());
    const forged = signedWebhook(event, 'another-secret-that-is-long-enough-to-sign-with', nowS());
    const tampered = { payload: good.payload.replace('"amount_cents":6000', '"amount_cents":60'), headers: good.headers };
    const stale = signedWebhook(event, secret, nowS() - 3600);
    const before = await moneyRowCounts(ctx.database.db);
    for (const request of [forged, tampered, stale, { payload: good.payload, headers: { 'content-type': 'application/json' } }]) {
      const response = await ctx.app.inject({ method: 'POST', url: WEBHOOK, ...request });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'webhook.signature_invalid', message: 'Assinatura do webhook inválida.' });
    }
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
    const [row] = await ctx.database.db.select().from(donations).where(eq(donations.id, answer.donation.id));
    expect(row?.status).toBe('pending');
  });

  it('a good event confirms once; the same event again is 204 and posts no second group', async () => {
    const { answer, event } = await pendingPix(4200);
    const before = await campaignRaised(ctx.database.db, campaign.id);
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: WEBHOOK,
        ...signedWebhook(event, ctx.config.payments.webhookSecret, nowS()),
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 4200);
    expect(await groupsOf(answer.donation.id)).toBe(1);
    const [row] = await ctx.database.db.select().from(donations).where(eq(donations.id, answer.donation.id));
    expect(row?.status).toBe('confirmed');
  });

  it('a refund takes the money back out of the campaign once', async () => {
    const { answer, event } = await pendingPix(3100);
    await ctx.app.inject({ method: 'POST', url: WEBHOOK, ...signedWebhook(event, ctx.config.payments.webhookSecret, nowS()) });
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const refund = { ...event, id: `${event.id}_refund`, type: 'payment.refunded' as const };
    for (let i = 0; i < 2; i++)
      expect(
        (await ctx.app.inject({ method: 'POST', url: WEBHOOK, ...signedWebhook(refund, ctx.config.payments.webhookSecret, nowS()) }))
          .statusCode,
      ).toBe(204);
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before - 3100);
    expect(await groupsOf(answer.donation.id)).toBe(2);
    const read = await call(ctx.app, 'GET', `/api/v1/donations/${answer.donation.id}`, undefined, {
      headers: { 'x-receipt-token': answer.receipt_token as string },
    });
    expect(read.json()).toMatchObject({ donation: { status: 'refunded' }, payment: { status: 'refunded' } });
  });

  it('an expiry event ends a pending PIX as expired; an unknown gateway is 404', async () => {
    const { answer, event } = await pendingPix();
    const expired = { ...event, id: `${event.id}_exp`, type: 'payment.expired' as const };
    expect(
      (await ctx.app.inject({ method: 'POST', url: WEBHOOK, ...signedWebhook(expired, ctx.config.payments.webhookSecret, nowS()) }))
        .statusCode,
    ).toBe(204);
    const [row] = await ctx.database.db.select().from(donations).where(eq(donations.id, answer.donation.id));
    expect(row?.status).toBe('expired');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      ...signedWebhook(event, ctx.config.payments.webhookSecret, nowS()),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a crash between the charge and the ledger write loses nothing', () => {
  it('a crash after the charge, before its answer commits: 500, payment still processing without a group; reconciliation looks it up and confirms it exactly once', async () => {
    const gateway = new FakeGateway('fake', () => ctx.clock.now());
    let failures = 1;
    const app = await ctx.buildAnotherApp(
      {},
      {
        gateway,
        donationHooks: {
          beforeConfirm: () => {
            if (failures-- > 0) throw new Error('process killed before the ledger write');
          },
        },
      },
    );
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: 'tok_ok' }, { amount: 1234 });
    const crashed = await give(app, campaign.slug, body, { key });
    expect(crashed.statusCode).toBe(500);
    const [donation] = await ctx.database.db.select().from(donations).where(eq(donations.amountCents, 1234));
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.donationId, donation!.id));
    // The gateway's answer commits with the ledger group (two commits per donation): the lost commit
    // leaves the payment open, which reconciliation looks up once it is stale.
    expect(payment?.status).toBe('processing');
    expect(donation?.status).toBe('pending');
    expect(await groupsOf(donation!.id)).toBe(0);

    ctx.clock.advance(61_000);
    await app.reconciler.runOnce();
    await app.reconciler.runOnce();
    expect(await groupsOf(donation!.id)).toBe(1);
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 1234);
    expect(gateway.chargeCount).toBe(1);

    // The donor's retry with the same key gets the donation as it is now, with its receipt token.
    const retry = await give(app, campaign.slug, body, { key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ donation: { id: donation!.id, status: 'confirmed' }, receipt_token: expect.any(String) });
    expect(gateway.chargeCount).toBe(1);
  });

  it('the gateway answer lost on the way back: the payment stays processing, then reconciliation looks it up and confirms', async () => {
    const gateway = new FakeGateway('fake', () => ctx.clock.now());
    gateway.loseNextChargeAnswer = true;
    const app = await ctx.buildAnotherApp({ PAYMENT_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET }, { gateway });
    const response = await give(app, campaign.slug, donationBody({ method: 'card', card_token: 'tok_ok' }, { amount: 4321 }));
    expect(response.statusCode).toBe(500);
    const [donation] = await ctx.database.db.select().from(donations).where(eq(donations.amountCents, 4321));
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.donationId, donation!.id));
    expect(payment?.status).toBe('processing');
    await app.reconciler.runOnce();
    expect(await groupsOf(donation!.id)).toBe(0);
    ctx.clock.advance(61_000);
    await app.reconciler.runOnce();
    expect(await groupsOf(donation!.id)).toBe(1);
    const [after] = await ctx.database.db.select().from(donations).where(eq(donations.id, donation!.id));
    expect(after?.status).toBe('confirmed');
  });
});
