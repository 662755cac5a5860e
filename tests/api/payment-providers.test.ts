import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, payments } from '../../server/db/schema';
import type { GatewayEvent } from '../../server/services/payments/gateway';
import { paymentGateways } from '../../server/services/payments/gateways';
import { FAKE_WEBHOOK_SECRET, FakeGateway } from '../support/fake-gateway';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, newKey, signedWebhook } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * One provider per way of paying (docs/payments.md): new payments go to the provider configured for
 * their method, and everything after (refunds, look-ups, webhooks) to the provider named on the
 * payment's row, also once the method has moved to another provider.
 */
let ctx: TestContext;
let campaign: { id: string; slug: string };
let admin: Awaited<ReturnType<typeof newSession>>;
const before = new FakeGateway('before', () => new Date());
const after = new FakeGateway('after', () => new Date());

beforeAll(async () => {
  ctx = await createTestContext();
  campaign = await createCampaign(ctx.database.db);
  admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
  await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
});
afterAll(() => ctx.close());

const paymentOf = async (donationId: string) =>
  (await ctx.database.db.select().from(payments).where(eq(payments.donationId, donationId)))[0]!;
const refund = (app: Parameters<typeof call>[0], id: string, amount: number) =>
  call(
    app,
    'POST',
    `/api/v1/admin/donations/${id}/refunds`,
    { amount, reason: 'Pedido do doador' },
    {
      token: admin.token,
      headers: { 'Idempotency-Key': newKey() },
    },
  );

describe('payment providers per method', () => {
  it('a card payment taken by one provider is refunded by it after cards move to another, which takes the new ones', async () => {
    const first = await ctx.buildAnotherApp({}, { gateways: paymentGateways({ card: before, pix: before, paypal: before }) });
    const given = await give(first, campaign.slug, donationBody({ method: 'card', card_token: 'tok_ok' }, { amount: 4321 }));
    expect(given.statusCode, given.body).toBe(201);
    const donationId = given.json().donation.id as string;
    expect((await paymentOf(donationId)).gateway).toBe('before');

    // Cards now go to `after`; `before` stays for the payments it took.
    const now = await ctx.buildAnotherApp({}, { gateways: paymentGateways({ card: after, pix: after, paypal: after }, [before]) });
    const newer = await give(now, campaign.slug, donationBody({ method: 'card', card_token: 'tok_ok' }, { amount: 1000 }));
    expect(newer.statusCode, newer.body).toBe(201);
    expect((await paymentOf(newer.json().donation.id as string)).gateway).toBe('after');
    expect([before.chargeCount, after.chargeCount]).toEqual([1, 1]);

    const part = await refund(now, donationId, 1321);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: 'succeeded', amount: 1321 });
    const { gatewayRef } = await paymentOf(donationId);
    expect(before.refunds).toEqual([{ gatewayRef, amountCents: 1321 }]);
    expect(after.refunds).toEqual([]);
  });

  it('a webhook goes to the provider in its path, also one that no longer takes new payments; an unknown one is 404', async () => {
    const app = await ctx.buildAnotherApp(
      { PAYMENT_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET },
      { gateways: paymentGateways({ card: after, pix: after, paypal: after }, [before]) },
    );
    const pixApp = await ctx.buildAnotherApp({}, { gateways: paymentGateways({ card: before, pix: before, paypal: before }) });
    const given = await give(pixApp, campaign.slug, donationBody({ method: 'pix' }, { amount: 2500, address: null }));
    expect(given.statusCode, given.body).toBe(201);
    const donationId = given.json().donation.id as string;
    const payment = await paymentOf(donationId);
    const event: GatewayEvent = {
      id: `evt_${payment.id}`,
      type: 'payment.succeeded',
      idempotencyKey: payment.id,
      gatewayRef: payment.gatewayRef!,
      amountCents: 2500,
      occurredAt: new Date(),
    };
    const webhook = signedWebhook(event, FAKE_WEBHOOK_SECRET);
    // Sent to the provider that did not take it, the event names no payment of its own: nothing moves.
    expect((await app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/after', ...webhook })).statusCode).toBe(204);
    expect((await ctx.database.db.select().from(donations).where(eq(donations.id, donationId)))[0]?.status).toBe('pending');
    expect((await app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/before', ...webhook })).statusCode).toBe(204);
    expect((await ctx.database.db.select().from(donations).where(eq(donations.id, donationId)))[0]?.status).toBe('confirmed');
    expect((await app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', ...webhook })).statusCode).toBe(404);
  });

  it('a payment whose provider is no longer configured is not refunded: the refund fails and no money moves', async () => {
    const gone = new FakeGateway('gone', () => new Date());
    const first = await ctx.buildAnotherApp({}, { gateways: paymentGateways({ card: gone, pix: gone, paypal: gone }) });
    const given = await give(first, campaign.slug, donationBody({ method: 'card', card_token: 'tok_ok' }, { amount: 2000 }));
    const donationId = given.json().donation.id as string;
    const later = await ctx.buildAnotherApp({}, { gateways: paymentGateways({ card: after, pix: after, paypal: after }) });
    const refused = await refund(later, donationId, 2000);
    expect(refused.json()).toMatchObject({ status: 'failed', failure_reason: 'refund.failed' });
    expect([gone.refunds, after.refunds.length]).toEqual([[], 0]);
    // Reconciliation leaves its payment as it is rather than asking the wrong provider.
    await later.reconciler.runOnce();
    expect((await paymentOf(donationId)).status).toBe('succeeded');
  });

  it("tells the provider who pays: the checkout's e-mail, name and CPF (a company's CNPJ), digits only", async () => {
    const payers = new FakeGateway('payers', () => new Date());
    const app = await ctx.buildAnotherApp({}, { gateways: paymentGateways({ card: payers, pix: payers, paypal: payers }) });
    const person = await give(app, campaign.slug, donationBody({ method: 'card', card_token: 'tok_ok' }, { amount: 1500 }));
    const company = await give(
      app,
      campaign.slug,
      donationBody(
        { method: 'pix' },
        {
          amount: 1600,
          address: null,
          contact: {
            is_company: true,
            corporate_name: 'Padaria Pão Quente Ltda',
            contact_name: 'João Lima',
            email: 'contato@paoquente.com.br',
            cnpj: '11.222.333/0001-81',
            telephone: '(11) 3333-4444',
          },
        },
      ),
    );
    expect([person.statusCode, company.statusCode], company.body).toEqual([201, 201]);
    const payerOf = async (response: typeof person) => payers.payers.get((await paymentOf(response.json().donation.id as string)).id);
    expect(await payerOf(person)).toEqual({
      email: 'maria.silva@exemplo.com.br',
      name: 'Maria da Silva',
      document: { type: 'CPF', number: '52998224725' },
    });
    expect(await payerOf(company)).toEqual({
      email: 'contato@paoquente.com.br',
      name: 'Padaria Pão Quente Ltda',
      document: { type: 'CNPJ', number: '11222333000181' },
    });
  });
});
