import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_TOKEN_HEADER } from '../../contracts/constants';
import { ledgerGroups, payments } from '../../server/db/schema';
import { accountBalance } from '../../server/services/ledger';
import { startPaypalStandIn, type PaypalStandIn } from '../support/stand-ins/paypal/server';
import { grantAdmin, newSession } from './helpers/fixtures';
import { adminRefund, campaignRaised, createCampaign, donationBody, donationRecords, give, moneyRowCounts, newKey } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * PAYMENT_PAYPAL_PROVIDER=paypal against a stand-in that speaks PayPal's Orders v2 over real HTTP
 * (tests/support/stand-ins/paypal): what reaches PayPal, the capture on the donor's return, by webhook
 * and by reconciliation, the webhooks our route takes or refuses, and refunds (docs/payments.md, "PayPal").
 */
const WEBHOOK_ID = '8PT597110X687430LKGECATA';
let ctx: TestContext;
let pp: PaypalStandIn;
let app: FastifyInstance;
let webhookUrl: string;
let campaign: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestContext();
  pp = await startPaypalStandIn();
  app = await ctx.buildAnotherApp({
    PAYMENT_PAYPAL_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: pp.clientId,
    PAYPAL_CLIENT_SECRET: pp.clientSecret,
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_API_URL: pp.url,
  });
  // PayPal posts to a real address: the app listens like a deployment.
  webhookUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/payments/webhooks/paypal`;
  campaign = await createCampaign(ctx.database.db);
});
afterAll(async () => {
  await pp.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const { paymentOf, statusOf, groupsOf } = donationRecords(db);
const capturesOf = (orderId: string) => [...pp.ledger.captures.values()].filter((capture) => capture.orderId === orderId);

/** A donor abroad (PayPal is for them): no CPF, a foreign address. */
const paypalBody = (amount: number) =>
  donationBody(
    { method: 'paypal' },
    {
      amount,
      contact: { foreigner: true, name: 'John Smith', email: 'john.smith@example.com', telephone: '+1 415 555 0100' },
      address: { country: 'US', zip_code: '94103', state: 'CA', city: 'San Francisco', street_address: 'Market St', house_number: '1' },
    },
  );

async function paypal(amount: number, key = newKey()) {
  const response = await give(app, campaign.slug, paypalBody(amount), { key });
  expect(response.statusCode, response.body).toBe(201);
  const donationId = response.json().donation.id as string;
  const payment = await paymentOf(donationId);
  return { response, donationId, payment, orderId: payment.gatewayRef!, receipt: response.json().receipt_token as string };
}

/** The donor's tab reads the donation, as the thank-you page does when PayPal sends them back. */
const readDonation = (donationId: string, receipt: string) =>
  call(app, 'GET', `/api/v1/donations/${donationId}`, undefined, { headers: { [RECEIPT_TOKEN_HEADER]: receipt } });

/** The donor presses "Pagar agora" on PayPal's page: PayPal approves and sends the browser back. */
async function approveOnPaypal(orderId: string): Promise<URL> {
  const answer = await fetch(`${pp.url}/checkoutnow/approve?token=${orderId}`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

describe('PayPal donations (Orders v2)', () => {
  it('R$ 12,34 reaches PayPal as "12.34" BRL under our payment id; approved and back, it is captured once and confirmed as 1234 cents', async () => {
    const raised = await campaignRaised(db(), campaign.id);
    const fees = await accountBalance(db(), { kind: 'platform_fees' });
    const { response, donationId, payment, orderId, receipt } = await paypal(1234);
    expect(payment).toMatchObject({ gateway: 'paypal', status: 'pending', amountCents: 1234 });
    expect(response.json().payment.approve_url).toBe(`${pp.url}/checkoutnow?token=${orderId}`);
    const created = pp.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
    const sent = created.find((r) => r.headers['paypal-request-id'] === payment.id);
    expect(sent?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(JSON.parse(sent!.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: payment.id, reference_id: payment.id, amount: { currency_code: 'BRL', value: '12.34' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `http://semear.test/doacao-confirmacao/agradecimento?donation=${donationId}&campaign=${campaign.slug}`,
            cancel_url: `http://semear.test/${campaign.slug}/donate?amount=12.34&error=paypal_cancelled`,
          },
        },
      },
    });
    expect(pp.ledger.order(orderId).amountCents).toBe(1234);

    // Read before the donor approved: nothing to capture, nothing confirmed.
    expect((await readDonation(donationId, receipt)).json().donation.status).toBe('pending');
    expect(capturesOf(orderId)).toHaveLength(0);

    const back = await approveOnPaypal(orderId);
    expect(`${back.origin}${back.pathname}`).toBe('http://semear.test/doacao-confirmacao/agradecimento');
    expect(back.searchParams.get('token')).toBe(orderId);
    const read = await readDonation(donationId, receipt);
    expect(read.json()).toMatchObject({ donation: { status: 'confirmed', amount: 1234 }, payment: { status: 'succeeded' } });
    // Read again (a reload): the order is captured, nothing is asked twice of the donor's money.
    expect((await readDonation(donationId, receipt)).json().donation.status).toBe('confirmed');
    expect(capturesOf(orderId)).toHaveLength(1);
    const captureCalls = pp.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);
    expect(captureCalls.map((r) => r.headers['paypal-request-id'])).toEqual([`capture-${orderId}`]);
    expect(await groupsOf(donationId)).toBe(1);
    expect(await campaignRaised(db(), campaign.id)).toBe(raised + 1234);
    // PayPal's fee on the capture (seller_receivable_breakdown.paypal_fee) reaches the platform's fee account, once.
    const [capture] = capturesOf(orderId);
    expect(capture!.feeCents).toBeGreaterThan(0);
    expect(await accountBalance(db(), { kind: 'platform_fees' })).toBe(fees + capture!.feeCents);
  });

  it('PayPal down when the donor comes back: the page still reads the donation (pending), and the next read captures it', async () => {
    const { donationId, orderId, receipt } = await paypal(1500);
    await approveOnPaypal(orderId);
    pp.failNext({ status: 503 });
    const first = await readDonation(donationId, receipt);
    expect(first.statusCode).toBe(200);
    expect(first.json().donation.status).toBe('pending');
    expect(capturesOf(orderId)).toHaveLength(0);
    expect((await readDonation(donationId, receipt)).json().donation.status).toBe('confirmed');
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('a donor who never comes back: CHECKOUT.ORDER.APPROVED captures and confirms; the same webhook again records nothing more', async () => {
    const { donationId, orderId } = await paypal(2500);
    pp.approve(orderId);
    const approved = await pp.sendWebhook({ type: 'CHECKOUT.ORDER.APPROVED', orderId }, { url: webhookUrl, webhookId: WEBHOOK_ID });
    expect(approved.status).toBe(204);
    expect(await statusOf(donationId)).toBe('confirmed');
    const [capture] = capturesOf(orderId);
    expect(capture).toMatchObject({ status: 'COMPLETED', amountCents: 2500 });

    // PayPal redelivers the very same notification, and announces the capture too (twice).
    const again = await fetch(webhookUrl, { method: 'POST', headers: approved.headers, body: approved.body });
    expect(again.status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const completed = await pp.sendWebhook(
        { type: 'PAYMENT.CAPTURE.COMPLETED', captureId: capture!.id },
        { url: webhookUrl, webhookId: WEBHOOK_ID },
      );
      expect(completed.status).toBe(204);
    }
    expect(capturesOf(orderId)).toHaveLength(1);
    expect(await groupsOf(donationId)).toBe(1);
    expect(await statusOf(donationId)).toBe('confirmed');
  });

  it('refuses a forged, tampered, unsigned or other-webhook notification: 400, nothing captured or written', async () => {
    const { donationId, orderId } = await paypal(2000);
    const other = await paypal(3000);
    pp.approve(orderId);
    // A genuine notification about the other order, not yet approved: read back, it confirms nothing.
    const genuine = await pp.sendWebhook(
      { type: 'CHECKOUT.ORDER.APPROVED', orderId: other.orderId },
      { url: webhookUrl, webhookId: WEBHOOK_ID },
    );
    expect(genuine.status).toBe(204);
    const before = await moneyRowCounts(db());
    const event = { type: 'CHECKOUT.ORDER.APPROVED' as const, orderId };
    const forged = await pp.sendWebhook(event, { url: webhookUrl, webhookId: WEBHOOK_ID, forge: true });
    const elsewhere = await pp.sendWebhook(event, { url: webhookUrl, webhookId: 'WH-OF-ANOTHER-APP' });
    // The genuine delivery's headers, its body changed to name the approved order.
    const tampered = await fetch(webhookUrl, {
      method: 'POST',
      headers: genuine.headers,
      body: genuine.body.replaceAll(other.orderId, orderId),
    });
    const unsigned = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged.body });
    for (const answer of [forged, elsewhere]) {
      expect(answer.status, answer.body).toBe(400);
    }
    for (const answer of [tampered, unsigned]) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'webhook.signature_invalid' });
    }
    expect(await moneyRowCounts(db())).toEqual(before);
    expect(await statusOf(donationId)).toBe('pending');
    expect(await statusOf(other.donationId)).toBe('pending');
    expect(capturesOf(orderId)).toHaveLength(0);
    expect(capturesOf(other.orderId)).toHaveLength(0);
  });

  it('a capture PayPal holds PENDING: a COMPLETED notification while PayPal still says PENDING confirms nothing; once it clears, it does', async () => {
    const { donationId, orderId, receipt } = await paypal(2200);
    pp.ledger.nextCaptureStatus = 'PENDING';
    await approveOnPaypal(orderId);
    expect((await readDonation(donationId, receipt)).json().donation.status).toBe('pending');
    const [capture] = capturesOf(orderId);
    expect(capture?.status).toBe('PENDING');
    const early = await pp.sendWebhook(
      { type: 'PAYMENT.CAPTURE.COMPLETED', captureId: capture!.id },
      { url: webhookUrl, webhookId: WEBHOOK_ID },
    );
    expect(early.status).toBe(204);
    expect(await statusOf(donationId)).toBe('pending');
    pp.ledger.settleCapture(capture!.id, 'COMPLETED');
    await pp.sendWebhook({ type: 'PAYMENT.CAPTURE.COMPLETED', captureId: capture!.id }, { url: webhookUrl, webhookId: WEBHOOK_ID });
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('a chargeback (PAYMENT.CAPTURE.REVERSED) takes the donation back out of the campaign', async () => {
    const { donationId, orderId, receipt } = await paypal(2600);
    await approveOnPaypal(orderId);
    expect((await readDonation(donationId, receipt)).json().donation.status).toBe('confirmed');
    const raised = await campaignRaised(db(), campaign.id);
    const reversal = pp.reverse(capturesOf(orderId)[0]!.id);
    const sent = await pp.sendWebhook({ type: 'PAYMENT.CAPTURE.REVERSED', refundId: reversal }, { url: webhookUrl, webhookId: WEBHOOK_ID });
    expect(sent.status).toBe(204);
    expect(await statusOf(donationId)).toBe('refunded');
    expect(await campaignRaised(db(), campaign.id)).toBe(raised - 2600);
    // Its own group, which the donation's history names "Contestação (chargeback)".
    expect(
      await db()
        .select({ kind: ledgerGroups.kind })
        .from(ledgerGroups)
        .where(eq(ledgerGroups.reference, `chargeback:${donationId}`)),
    ).toEqual([{ kind: 'chargeback' }]);
  });

  it('gift cards paid by PayPal: the order is captured when the buyer comes back and reads it, and is paid', async () => {
    const to = `ana-${newKey()}@exemplo.com.br`;
    const { contact, address } = paypalBody(5000);
    const body = {
      definition: {
        value: 5000,
        quantity: 1,
        template: 'girassol',
        message: 'Feliz aniversário! Escolha uma causa.',
        from: 'John',
        shipping: { mode: 'email_now' },
        recipients: [{ name: 'Ana Souza', email: to, email_confirmation: to }],
      },
      contact,
      address,
      payment: { method: 'paypal' },
    };
    const created = await call(app, 'POST', '/api/v1/gift-card-orders', body, { headers: { 'idempotency-key': newKey() } });
    expect(created.statusCode, created.body).toBe(201);
    const { order, receipt_token: receipt } = created.json() as { order: { id: string }; receipt_token: string };
    const [payment] = await db().select().from(payments).where(eq(payments.giftCardOrderId, order.id));
    expect(payment).toMatchObject({ gateway: 'paypal', status: 'pending' });
    const back = await approveOnPaypal(payment!.gatewayRef!);
    expect(`${back.origin}${back.pathname}${back.search}`).toContain(
      `http://semear.test/gift-card/agradecimento?type=email_now&order=${order.id}`,
    );
    const read = await call(app, 'GET', `/api/v1/gift-card-orders/${order.id}`, undefined, {
      headers: { [RECEIPT_TOKEN_HEADER]: receipt },
    });
    expect(read.json()).toMatchObject({ order: { status: 'paid' }, payment: { status: 'succeeded' } });
  });

  it('PayPal answering 503 on create: the donor reads a clear message, and the retry with the same key makes one order', async () => {
    const key = newKey();
    pp.failNext({ status: 503 });
    const failed = await give(app, campaign.slug, paypalBody(3100), { key });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: 'payment.provider_unavailable',
      message: 'O meio de pagamento não respondeu. Tente de novo em instantes.',
    });
    const { payment, orderId } = await paypal(3100, key);
    expect([...pp.ledger.orders.values()].filter((order) => order.customId === payment.id).map((order) => order.id)).toEqual([orderId]);
    const creates = pp.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && r.body.includes(payment.id));
    expect(creates.map((r) => r.headers['paypal-request-id'])).toEqual([payment.id, payment.id]);
  });

  it('an approved order whose donor and webhook were both lost: reconciliation captures and confirms it', async () => {
    const { donationId, orderId } = await paypal(4500);
    pp.approve(orderId);
    ctx.clock.advance(61_000);
    await app.reconciler.runOnce();
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('an admin refunds in parts: each part reaches PayPal as its amount in BRL, under the refund id', async () => {
    const admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const { donationId, orderId, receipt } = await paypal(5000);
    await approveOnPaypal(orderId);
    expect((await readDonation(donationId, receipt)).json().donation.status).toBe('confirmed');
    const [capture] = capturesOf(orderId);
    const refund = (amount: number) => adminRefund(app, admin.token, donationId, amount);
    const part = await refund(1234);
    expect(part.json()).toMatchObject({ status: 'succeeded', amount: 1234 });
    const rest = await refund(3766);
    expect(rest.json()).toMatchObject({ status: 'succeeded', amount: 3766 });
    const asked = pp.requests.filter((r) => r.method === 'POST' && r.path === `/v2/payments/captures/${capture!.id}/refund`);
    expect(asked.map((r) => JSON.parse(r.body))).toEqual([
      { amount: { currency_code: 'BRL', value: '12.34' } },
      { amount: { currency_code: 'BRL', value: '37.66' } },
    ]);
    expect(asked.map((r) => r.headers['paypal-request-id'])).toEqual([`refund-${part.json().id}`, `refund-${rest.json().id}`]);
    expect(pp.ledger.capture(capture!.id)).toMatchObject({ status: 'REFUNDED', refundedCents: 5000 });
    expect(await statusOf(donationId)).toBe('refunded');
  });

  it("a part beyond what is left is refused with PayPal's reason, nothing given back", async () => {
    const admin = await newSession(ctx.app, { name: 'Carla Finanças' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const { donationId, orderId, receipt } = await paypal(2000);
    await approveOnPaypal(orderId);
    await readDonation(donationId, receipt);
    const [capture] = capturesOf(orderId);
    // Someone gave part of it back in PayPal's own dashboard: less is left than our books say.
    pp.ledger.refundCapture(capture!.id, { amount: { currency_code: 'BRL', value: '15.00' } });
    const refused = await adminRefund(app, admin.token, donationId, 1000);
    expect(refused.json()).toMatchObject({ status: 'failed', failure_reason: 'refund.exceeds_captured' });
    expect(pp.ledger.capture(capture!.id).refundedCents).toBe(1500);
  });

  it('PayPal donations moved back to the sandbox: new ones go to the sandbox, and the orders PayPal took still capture by webhook', async () => {
    const { donationId, orderId } = await paypal(1700);
    const moved = await ctx.buildAnotherApp({
      PAYPAL_CLIENT_ID: pp.clientId,
      PAYPAL_CLIENT_SECRET: pp.clientSecret,
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      PAYPAL_API_URL: pp.url,
    });
    const movedUrl = `${await moved.listen({ port: 0, host: '127.0.0.1' })}/api/v1/payments/webhooks/paypal`;
    const fresh = await give(moved, campaign.slug, paypalBody(1800));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(await paymentOf(fresh.json().donation.id as string)).toMatchObject({ gateway: 'sandbox' });
    pp.approve(orderId);
    const approved = await pp.sendWebhook({ type: 'CHECKOUT.ORDER.APPROVED', orderId }, { url: movedUrl, webhookId: WEBHOOK_ID });
    expect(approved.status).toBe(204);
    expect(await statusOf(donationId)).toBe('confirmed');
    // Without PayPal's credentials nobody answers for PayPal: its webhooks are not found.
    const without = await ctx.buildAnotherApp({});
    const answer = await without.inject({ method: 'POST', url: '/api/v1/payments/webhooks/paypal', payload: {} });
    expect(answer.statusCode).toBe(404);
  });
});
