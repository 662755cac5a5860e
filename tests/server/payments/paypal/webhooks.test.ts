import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaypalClient, type PaypalClient } from '../../../../server/services/payments/paypal/api-client';
import { parsePaypalWebhookEvent } from '../../../../server/services/payments/paypal/webhook-event';
import { startPaypalStandIn, type PaypalStandIn } from '../../../support/stand-ins/paypal/server';

/** Webhooks from the stand-in to a real HTTP receiver, verified with PayPal's verify-webhook-signature. */

const WEBHOOK_ID = '8PT597110X687430LS';
let paypal: PaypalStandIn;
let client: PaypalClient;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  paypal = await startPaypalStandIn();
  client = createPaypalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/payments/webhooks/paypal`;
});
afterAll(async () => {
  await paypal.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function captured(amountCents: number) {
  const input = {
    paymentId: 'pay_wh',
    amountCents,
    description: 'Doação',
    returnUrl: 'https://a.example/r',
    cancelUrl: 'https://a.example/c',
  };
  const order = await client.createOrder(input, crypto.randomUUID());
  paypal.approve(order.id);
  const capture = (await client.captureOrder(order.id, crypto.randomUUID())).captures[0];
  if (!capture) throw new Error('no capture');
  return { orderId: order.id, captureId: capture.id };
}

async function deliver(...args: Parameters<PaypalStandIn['sendWebhook']>) {
  received.length = 0;
  const delivery = await paypal.sendWebhook(...args);
  expect(delivery.status).toBe(200);
  const [arrived] = received;
  if (!arrived) throw new Error('nothing arrived');
  return arrived;
}

describe('PayPal webhooks', () => {
  it('a real PAYMENT.CAPTURE.COMPLETED verifies as SUCCESS and names the capture, order and our payment', async () => {
    const { orderId, captureId } = await captured(1234);
    const { headers, body } = await deliver({ type: 'PAYMENT.CAPTURE.COMPLETED', captureId }, { url: receiverUrl, webhookId: WEBHOOK_ID });

    expect(headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(await client.verifyWebhookSignature(headers, body, WEBHOOK_ID)).toBe(true);
    expect(parsePaypalWebhookEvent(body)).toMatchObject({
      type: 'PAYMENT.CAPTURE.COMPLETED',
      captureId,
      orderId,
      customId: 'pay_wh',
      refundId: null,
    });
    const verification = paypal.requests.filter((request) => request.path === '/v1/notifications/verify-webhook-signature').at(-1);
    expect(JSON.parse(verification?.body ?? '{}')).toMatchObject({
      transmission_id: headers['paypal-transmission-id'],
      webhook_id: WEBHOOK_ID,
      webhook_event: JSON.parse(body.toString()),
    });
  });

  it('a tampered body is FAILURE', async () => {
    const { captureId } = await captured(1234);
    const { headers, body } = await deliver({ type: 'PAYMENT.CAPTURE.COMPLETED', captureId }, { url: receiverUrl, webhookId: WEBHOOK_ID });
    const tampered = body.toString().replace('"value":"12.34"', '"value":"99.99"');
    expect(tampered).not.toBe(body.toString());
    expect(await client.verifyWebhookSignature(headers, tampered, WEBHOOK_ID)).toBe(false);
  });

  it('forged headers, another transmission id or another webhook id are FAILURE', async () => {
    const { captureId } = await captured(500);
    const forged = await deliver(
      { type: 'PAYMENT.CAPTURE.COMPLETED', captureId },
      { url: receiverUrl, webhookId: WEBHOOK_ID, forge: true },
    );
    expect(await client.verifyWebhookSignature(forged.headers, forged.body, WEBHOOK_ID)).toBe(false);

    const real = await deliver({ type: 'PAYMENT.CAPTURE.COMPLETED', captureId }, { url: receiverUrl, webhookId: WEBHOOK_ID });
    expect(
      await client.verifyWebhookSignature({ ...real.headers, 'paypal-transmission-id': crypto.randomUUID() }, real.body, WEBHOOK_ID),
    ).toBe(false);
    expect(await client.verifyWebhookSignature(real.headers, real.body, 'ANOTHERWEBHOOK1')).toBe(false);
  });

  it('headers PayPal refuses as malformed (its 400 on the transmission) are a notification it did not sign: false, not an error', async () => {
    const { captureId } = await captured(1500);
    const real = await deliver({ type: 'PAYMENT.CAPTURE.COMPLETED', captureId }, { url: receiverUrl, webhookId: WEBHOOK_ID });
    for (const [header, value] of [
      ['paypal-transmission-time', 'yesterday'],
      ['paypal-transmission-sig', '+' + String(real.headers['paypal-transmission-sig'])],
      ['paypal-cert-url', 'not a url'],
      ['paypal-auth-algo', 'SHA256-RSA'],
      ['paypal-transmission-id', '123456'],
    ] as const) {
      expect(await client.verifyWebhookSignature({ ...real.headers, [header]: value }, real.body, WEBHOOK_ID), header).toBe(false);
    }
    const badVersion = String(real.body).replace('"event_version":"1.0"', '"event_version":"1"');
    expect(await client.verifyWebhookSignature(real.headers, badVersion, WEBHOOK_ID)).toBe(false);
    // Our own webhook id out of PayPal's pattern is a configuration fault, not a forgery: it throws.
    await expect(client.verifyWebhookSignature(real.headers, real.body, 'WH-MISCONFIGURED')).rejects.toMatchObject({
      status: 400,
      issues: ['INVALID_PARAMETER_SYNTAX'],
    });
  });

  it('missing headers or a body that is not a JSON object are refused without asking PayPal', async () => {
    const before = paypal.requests.length;
    const { 'paypal-transmission-sig': _dropped, ...headers } = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'x',
      'paypal-transmission-id': 'a',
      'paypal-transmission-sig': 'b',
      'paypal-transmission-time': 't',
    };
    expect(await client.verifyWebhookSignature(headers, '{}', WEBHOOK_ID)).toBe(false);
    expect(await client.verifyWebhookSignature({ ...headers, 'paypal-transmission-sig': 'b' }, '[1]', WEBHOOK_ID)).toBe(false);
    expect(paypal.requests.length).toBe(before);
  });

  it('a refund and a chargeback arrive as refund resources pointing up to their capture', async () => {
    const { captureId } = await captured(3000);
    const refund = await client.refundCapture(captureId, 1000, crypto.randomUUID());
    const refunded = await deliver({ type: 'PAYMENT.CAPTURE.REFUNDED', refundId: refund.id }, { url: receiverUrl, webhookId: WEBHOOK_ID });
    expect(await client.verifyWebhookSignature(refunded.headers, refunded.body, WEBHOOK_ID)).toBe(true);
    expect(parsePaypalWebhookEvent(refunded.body)).toMatchObject({ type: 'PAYMENT.CAPTURE.REFUNDED', refundId: refund.id, captureId });

    const reversalId = paypal.reverse(captureId);
    const reversed = await deliver({ type: 'PAYMENT.CAPTURE.REVERSED', refundId: reversalId }, { url: receiverUrl, webhookId: WEBHOOK_ID });
    expect(parsePaypalWebhookEvent(reversed.body)).toMatchObject({ type: 'PAYMENT.CAPTURE.REVERSED', refundId: reversalId, captureId });
    expect(await client.getCapture(captureId)).toMatchObject({ status: 'REVERSED', statusReason: 'CHARGEBACK' });
    expect(await client.getRefund(reversalId)).toMatchObject({ amountCents: 2000 });
  });

  it('CHECKOUT.ORDER.APPROVED names the order to capture', async () => {
    const input = {
      paymentId: 'pay_appr',
      amountCents: 700,
      description: 'Doação',
      returnUrl: 'https://a.example/r',
      cancelUrl: 'https://a.example/c',
    };
    const order = await client.createOrder(input, crypto.randomUUID());
    paypal.approve(order.id);
    const { body } = await deliver({ type: 'CHECKOUT.ORDER.APPROVED', orderId: order.id }, { url: receiverUrl, webhookId: WEBHOOK_ID });
    expect(parsePaypalWebhookEvent(body)).toMatchObject({
      type: 'CHECKOUT.ORDER.APPROVED',
      orderId: order.id,
      customId: 'pay_appr',
      captureId: null,
    });
  });

  it('an event we do not act on, or garbage, parses to null', () => {
    expect(parsePaypalWebhookEvent('{"id":"WH-1","event_type":"BILLING.PLAN.CREATED","resource":{"id":"P-1"}}')).toBeNull();
    expect(parsePaypalWebhookEvent('not json')).toBeNull();
  });
});
