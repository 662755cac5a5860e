import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaypalClient, type CreatePaypalOrderInput, type PaypalClient } from '../../../../server/services/payments/paypal/api-client';
import { PaypalError, PaypalNetworkError, isRetryablePaypalError } from '../../../../server/services/payments/paypal/errors';
import { startPaypalStandIn, type PaypalStandIn } from '../../../support/stand-ins/paypal/server';

/** The client against the PayPal stand-in over real HTTP: what goes on the wire, and what comes back. */

let paypal: PaypalStandIn;
let client: PaypalClient;

const order = (overrides: Partial<CreatePaypalOrderInput> = {}): CreatePaypalOrderInput => ({
  paymentId: 'pay_0001',
  amountCents: 1234,
  description: 'Doação para Semear',
  returnUrl: 'https://semear.example/doar/paypal/retorno?payment=pay_0001',
  cancelUrl: 'https://semear.example/doar/paypal/cancelado?payment=pay_0001',
  ...overrides,
});

const bodiesOf = (path: string) =>
  paypal.requests.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

async function approvedOrder(amountCents = 1234) {
  const created = await client.createOrder(order({ amountCents }), crypto.randomUUID());
  paypal.approve(created.id);
  return created;
}

async function capturedOrder(amountCents = 1234) {
  const created = await approvedOrder(amountCents);
  const captured = await client.captureOrder(created.id, crypto.randomUUID());
  const capture = captured.captures[0];
  if (!capture) throw new Error('no capture');
  return capture;
}

beforeAll(async () => {
  paypal = await startPaypalStandIn();
});
afterAll(() => paypal.close());
beforeEach(() => {
  client = createPaypalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret, timeoutMs: 500 });
  paypal.requests.length = 0;
});

describe('orders', () => {
  it('sends R$ 12,34 as "12.34" BRL with our payment id, and reads 1234 cents back', async () => {
    const created = await client.createOrder(order(), 'req-create-1');

    const sent = JSON.parse(bodiesOf('/v2/checkout/orders')[0] ?? '{}');
    expect(sent.intent).toBe('CAPTURE');
    expect(sent.purchase_units[0]).toMatchObject({
      reference_id: 'pay_0001',
      custom_id: 'pay_0001',
      amount: { currency_code: 'BRL', value: '12.34' },
    });
    expect(sent.payment_source.paypal.experience_context).toMatchObject({ return_url: order().returnUrl, cancel_url: order().cancelUrl });
    expect(paypal.requests.find((request) => request.path === '/v2/checkout/orders')?.headers['paypal-request-id']).toBe('req-create-1');

    expect(created).toMatchObject({ status: 'PAYER_ACTION_REQUIRED', amountCents: 1234, customId: 'pay_0001', captures: [] });
    expect(created.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${created.id}`);
    expect(await client.getOrder(created.id)).toMatchObject({ id: created.id, amountCents: 1234 });
  });

  it('cuts a description or brand name to what PayPal takes (127) without splitting a character, and leaves an empty one out', async () => {
    const title = `Doação para ${'🌱'.repeat(70)}`;
    const brandName = `Semear\n${'🌳'.repeat(70)}`;
    await client.createOrder(order({ description: title, brandName }), crypto.randomUUID());
    const sent = JSON.parse(bodiesOf('/v2/checkout/orders')[0] ?? '{}');
    const description: string = sent.purchase_units[0].description;
    expect(description.length).toBeLessThanOrEqual(127);
    expect(title.startsWith(description)).toBe(true);
    expect(() => encodeURIComponent(description)).not.toThrow(); // no lone surrogate
    const brand: string = sent.payment_source.paypal.experience_context.brand_name;
    expect(brand.length).toBeLessThanOrEqual(127);
    expect(() => encodeURIComponent(brand)).not.toThrow();
    // brand_name's pattern is ^.*$: one line.
    expect(brand).toMatch(/^Semear 🌳/);

    paypal.requests.length = 0;
    await client.createOrder(order({ description: '' }), crypto.randomUUID());
    expect(JSON.parse(bodiesOf('/v2/checkout/orders')[0] ?? '{}').purchase_units[0]).not.toHaveProperty('description');
  });

  it('the same request id answers the same order, never a second one', async () => {
    const first = await client.createOrder(order(), 'req-same');
    const again = await client.createOrder(order(), 'req-same');
    expect(again.id).toBe(first.id);
    expect([...paypal.ledger.orders.values()].filter((one) => one.id === first.id)).toHaveLength(1);
  });

  it('after a 503, the retry with the same request id makes one order', async () => {
    const before = paypal.ledger.orders.size;
    paypal.failNext({ status: 503 });
    const failure = await client.createOrder(order(), 'req-503').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaypalError);
    expect(failure).toMatchObject({ status: 503, paypalName: 'SERVICE_UNAVAILABLE' });
    expect(isRetryablePaypalError(failure)).toBe(true);

    const created = await client.createOrder(order(), 'req-503');
    expect(paypal.ledger.orders.size).toBe(before + 1);
    expect(paypal.ledger.orders.get(created.id)?.amountCents).toBe(1234);
  });

  it('after a timeout (PayPal did the work, the answer was lost), the retry answers that same order', async () => {
    const before = paypal.ledger.orders.size;
    paypal.failNext({ timeoutMs: 1500 });
    const failure = await client.createOrder(order(), 'req-timeout').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaypalNetworkError);
    expect(failure).toMatchObject({ kind: 'timeout', retryable: true });
    expect(paypal.ledger.orders.size).toBe(before + 1);

    const created = await client.createOrder(order(), 'req-timeout');
    expect(paypal.ledger.orders.size).toBe(before + 1);
    expect(paypal.ledger.orders.has(created.id)).toBe(true);
  });

  it('a capture before the donor approved is the typed error ORDER_NOT_APPROVED', async () => {
    const created = await client.createOrder(order(), crypto.randomUUID());
    const failure = await client.captureOrder(created.id, crypto.randomUUID()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaypalError);
    const error = failure as PaypalError;
    expect(error).toMatchObject({ status: 422, paypalName: 'UNPROCESSABLE_ENTITY', issues: ['ORDER_NOT_APPROVED'] });
    expect(error.debugId).toMatch(/^\w+$/);
    expect(error.retryable).toBe(false);
  });

  it('captures an approved order once: the fee and the net come back in cents, a retried capture answers the same capture', async () => {
    const created = await approvedOrder(1234);
    const captured = await client.captureOrder(created.id, 'req-capture-1');
    expect(captured.status).toBe('COMPLETED');
    // The stand-in's tariff: 4.79% of 12.34 = 0.59, + 0.60.
    expect(captured.captures).toEqual([
      expect.objectContaining({
        status: 'COMPLETED',
        amountCents: 1234,
        feeCents: 119,
        netCents: 1115,
        customId: 'pay_0001',
        orderId: created.id,
      }),
    ]);

    const again = await client.captureOrder(created.id, 'req-capture-1');
    expect(again.captures[0]?.id).toBe(captured.captures[0]?.id);
    const another = await client.captureOrder(created.id, 'req-capture-2').catch((error: unknown) => error);
    expect(another).toMatchObject({ status: 422, issues: ['ORDER_ALREADY_CAPTURED'] });
  });

  it('a capture whose answer timed out is retried into the one capture', async () => {
    const created = await approvedOrder();
    paypal.failNext({ timeoutMs: 1500 });
    await expect(client.captureOrder(created.id, 'req-capture-timeout')).rejects.toBeInstanceOf(PaypalNetworkError);
    const captured = await client.captureOrder(created.id, 'req-capture-timeout');
    expect(captured.captures).toHaveLength(1);
    expect([...paypal.ledger.captures.values()].filter((capture) => capture.orderId === created.id)).toHaveLength(1);
  });

  it('a documented decline comes back as its issue', async () => {
    const created = await approvedOrder();
    paypal.failNext({ status: 422, issue: 'INSTRUMENT_DECLINED' });
    await expect(client.captureOrder(created.id, crypto.randomUUID())).rejects.toMatchObject({
      status: 422,
      issues: ['INSTRUMENT_DECLINED'],
    });
  });

  it('refuses nonsense before sending it', async () => {
    await expect(client.createOrder(order({ amountCents: 0 }), crypto.randomUUID())).rejects.toThrow(RangeError);
    await expect(client.createOrder(order({ amountCents: 12.5 }), crypto.randomUUID())).rejects.toThrow(RangeError);
    expect(bodiesOf('/v2/checkout/orders')).toEqual([]);
  });
});

describe('refunds', () => {
  it('a partial refund sends the part, then the rest empties the capture', async () => {
    const capture = await capturedOrder(5000);
    const part = await client.refundCapture(capture.id, 1234, 'req-refund-1');
    expect(JSON.parse(bodiesOf(`/v2/payments/captures/${capture.id}/refund`)[0] ?? '{}')).toEqual({
      amount: { currency_code: 'BRL', value: '12.34' },
    });
    expect(part).toMatchObject({ status: 'COMPLETED', amountCents: 1234, captureId: capture.id });
    expect(await client.getCapture(capture.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountCents: 5000 });

    await expect(client.refundCapture(capture.id, 4000, 'req-refund-too-much')).rejects.toMatchObject({
      status: 422,
      issues: ['REFUND_AMOUNT_EXCEEDED'],
    });

    const rest = await client.refundCapture(capture.id, undefined, 'req-refund-2');
    expect(rest.amountCents).toBe(3766);
    expect(await client.getRefund(rest.id)).toMatchObject({ id: rest.id, amountCents: 3766, captureId: capture.id });
    expect(await client.getCapture(capture.id)).toMatchObject({ status: 'REFUNDED' });
    await expect(client.refundCapture(capture.id, 1, 'req-refund-3')).rejects.toMatchObject({ issues: ['CAPTURE_FULLY_REFUNDED'] });
  });

  it('the same refund request id refunds once', async () => {
    const capture = await capturedOrder(2000);
    const first = await client.refundCapture(capture.id, 500, 'req-refund-same');
    const again = await client.refundCapture(capture.id, 500, 'req-refund-same');
    expect(again.id).toBe(first.id);
    expect(paypal.ledger.captures.get(capture.id)?.refundedCents).toBe(500);
  });
});
