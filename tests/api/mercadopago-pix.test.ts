import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema';
import type { MercadoPagoStandIn } from '../support/stand-ins/mercadopago';
import { mercadoPagoApp, MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET } from './helpers/mercadopago-app';
import { grantAdmin, newSession } from './helpers/fixtures';
import { adminRefund, campaignRaised, createCampaign, donationBody, donationRecords, give, moneyRowCounts, newKey } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * PAYMENT_PIX_PROVIDER=mercadopago against a stand-in that speaks Mercado Pago's documented API over
 * real HTTP (tests/support/stand-ins/mercadopago): what reaches Mercado Pago, what comes back, and the
 * notifications our webhook route takes or refuses (docs/payments.md, "Mercado Pago").
 */
const ACCESS_TOKEN = MP_ACCESS_TOKEN;
const WEBHOOK_SECRET = MP_WEBHOOK_SECRET;
let ctx: TestContext;
let mp: MercadoPagoStandIn;
let app: FastifyInstance;
let webhookUrl: string;
let campaign: { id: string; slug: string };
/** What the app logged at warn and above (JSON lines). */
let logs = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  // Mercado Pago posts to a real address: the app listens like a deployment.
  ({ mp, app, webhookUrl } = await mercadoPagoApp(ctx, { stream }));
  campaign = await createCampaign(ctx.database.db);
});
afterAll(async () => {
  await mp.control.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const { paymentOf, statusOf, groupsOf } = donationRecords(db);

async function pix(amount: number, key = newKey()) {
  const response = await give(app, campaign.slug, donationBody({ method: 'pix' }, { amount, address: null }), { key });
  expect(response.statusCode, response.body).toBe(201);
  const donationId = response.json().donation.id as string;
  return { response, donationId, payment: await paymentOf(donationId) };
}

describe('PIX through Mercado Pago', () => {
  it('R$ 12,34 reaches Mercado Pago as 12.34 with the payer and our key, and its paid notification confirms 1234 cents once', async () => {
    const raised = await campaignRaised(db(), campaign.id);
    const { response, donationId, payment } = await pix(1234);
    expect(payment).toMatchObject({ gateway: 'mercadopago', status: 'pending' });
    const [sent] = mp.control.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payments' && r.headers['x-idempotency-key'] === payment.id,
    );
    expect(sent?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent?.body).toMatchObject({
      transaction_amount: 12.34,
      payment_method_id: 'pix',
      external_reference: payment.id,
      payer: {
        email: 'maria.silva@exemplo.com.br',
        first_name: 'Maria',
        last_name: 'da Silva',
        identification: { type: 'CPF', number: '52998224725' },
      },
    });
    const atMercadoPago = mp.control.payment(payment.gatewayRef!);
    // The donor gets Mercado Pago's own "copia e cola".
    expect(response.json().payment.br_code).toBe(atMercadoPago.point_of_interaction.transaction_data?.qr_code);

    // Notified before it is paid: the read-back says pending, so nothing is confirmed.
    expect((await mp.control.sendWebhook(payment.gatewayRef!, { secret: WEBHOOK_SECRET, url: webhookUrl })).status).toBe(204);
    expect(await statusOf(donationId)).toBe('pending');

    mp.control.approve(payment.gatewayRef!);
    for (let i = 0; i < 2; i++)
      expect((await mp.control.sendWebhook(payment.gatewayRef!, { secret: WEBHOOK_SECRET, url: webhookUrl })).status).toBe(204);
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(await groupsOf(donationId)).toBe(1);
    expect(await campaignRaised(db(), campaign.id)).toBe(raised + 1234);
  });

  it('refuses a notification signed with another secret, naming another payment, or too old: 400, nothing written', async () => {
    const { donationId, payment } = await pix(2000);
    mp.control.approve(payment.gatewayRef!);
    const before = await moneyRowCounts(db());
    for (const options of [
      { secret: 'someone-elses-secret', url: webhookUrl },
      { secret: WEBHOOK_SECRET, url: webhookUrl, tamper: true },
      { secret: WEBHOOK_SECRET, url: webhookUrl, staleTs: true },
    ]) {
      const sent = await mp.control.sendWebhook(payment.gatewayRef!, options);
      expect(sent.status, sent.body).toBe(400);
      expect(JSON.parse(sent.body)).toMatchObject({ code: 'webhook.signature_invalid' });
    }
    const unsigned = await fetch(`${webhookUrl}?data.id=${payment.gatewayRef}&type=payment`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect(await moneyRowCounts(db())).toEqual(before);
    expect(await statusOf(donationId)).toBe('pending');
  });

  it('a signed notification for a payment Mercado Pago does not know (404 on read-back): acknowledged, logged at warn, nothing written', async () => {
    const before = await moneyRowCounts(db());
    const unknownId = '999999999999';
    const sent = await mp.control.sendWebhook(unknownId, { secret: WEBHOOK_SECRET, url: webhookUrl });
    // Asking again would read the same 404: a 2xx stops Mercado Pago's retries.
    expect(sent.status, sent.body).toBe(204);
    expect(mp.control.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/${unknownId}`)).toBe(true);
    const line = logs.split('\n').find((l) => l.includes('webhook for a payment the provider does not know'));
    expect(line, logs).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, gateway: 'mercadopago', gatewayRef: unknownId });
    expect(await moneyRowCounts(db())).toEqual(before);
  });

  it('Mercado Pago answering 503: the donor reads a clear message, and the retry with the same key makes one payment', async () => {
    const key = newKey();
    mp.control.failNext({ status: 503, path: '/v1/payments' });
    const failed = await give(app, campaign.slug, donationBody({ method: 'pix' }, { amount: 3100, address: null }), { key });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: 'payment.provider_unavailable',
      message: 'O meio de pagamento não respondeu. Tente de novo em instantes.',
    });
    const { payment } = await pix(3100, key);
    expect(mp.control.paymentsFor(payment.id)).toHaveLength(1);
    const keys = mp.control.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payments' &&
        r.body &&
        (r.body as { external_reference?: string }).external_reference === payment.id,
    );
    expect(keys.map((r) => r.headers['x-idempotency-key'])).toEqual([payment.id, payment.id]);
  });

  it('a lost notification: reconciliation finds the payment by its reference and confirms it', async () => {
    const { donationId, payment } = await pix(4500);
    mp.control.approve(payment.gatewayRef!);
    ctx.clock.advance(61_000);
    await app.reconciler.runOnce();
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(mp.control.requests.some((r) => r.path === '/v1/payments/search' && r.query.get('external_reference') === payment.id)).toBe(
      true,
    );
  });

  it('Mercado Pago down during reconciliation: the pass goes on, counts it, and the next pass settles it', async () => {
    const { donationId, payment } = await pix(4600);
    mp.control.approve(payment.gatewayRef!);
    ctx.clock.advance(61_000);
    // Every open Mercado Pago payment is asked about in this pass: each look-up meets the outage.
    const open = (await db().select().from(payments).where(eq(payments.gateway, 'mercadopago'))).filter((p) => p.status === 'pending');
    for (const _ of open) mp.control.failNext({ status: 503, path: '/v1/payments/search' });
    const report = await app.reconciler.runOnce();
    expect(report.unreachable).toBe(open.length);
    expect(await statusOf(donationId)).toBe('pending');
    ctx.clock.advance(61_000);
    expect((await app.reconciler.runOnce()).unreachable).toBe(0);
    expect(await statusOf(donationId)).toBe('confirmed');
  });

  it('an admin refunds in parts: each part reaches Mercado Pago as its amount, under its own key', async () => {
    const admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const { donationId, payment } = await pix(5000);
    mp.control.approve(payment.gatewayRef!);
    await mp.control.sendWebhook(payment.gatewayRef!, { secret: WEBHOOK_SECRET, url: webhookUrl });
    expect(await statusOf(donationId)).toBe('confirmed');
    const refund = (amount: number) => adminRefund(app, admin.token, donationId, amount);
    const part = await refund(1234);
    expect(part.json()).toMatchObject({ status: 'succeeded', amount: 1234 });
    const rest = await refund(3766);
    expect(rest.json()).toMatchObject({ status: 'succeeded', amount: 3766 });
    const asked = mp.control.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${payment.gatewayRef}/refunds`);
    expect(asked.map((r) => r.body)).toEqual([{ amount: 12.34 }, { amount: 37.66 }]);
    expect(asked.map((r) => r.headers['x-idempotency-key'])).toEqual([`refund-${part.json().id}`, `refund-${rest.json().id}`]);
    expect(mp.control.payment(payment.gatewayRef!)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 50 });
    expect(await statusOf(donationId)).toBe('refunded');
  });
});
