import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalStandIn, type PaypalStandIn } from '../../../support/stand-ins/paypal/server';

/** The stand-in refuses what PayPal refuses, so a test passing against it means the request was right. */

let paypal: PaypalStandIn;
let bearer: string;

beforeAll(async () => {
  paypal = await startPaypalStandIn();
  const answer = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  bearer = `Bearer ${((await answer.json()) as { access_token: string }).access_token}`;
});
afterAll(() => paypal.close());

const unit = (amount: unknown) => ({ reference_id: 'pay_s', custom_id: 'pay_s', amount });
const context = { return_url: 'https://semear.example/retorno?x=1', cancel_url: 'https://semear.example/cancelado' };

async function createOrder(body: unknown, headers: Record<string, string> = { 'PayPal-Request-Id': crypto.randomUUID() }) {
  const response = await fetch(`${paypal.url}/v2/checkout/orders`, {
    method: 'POST',
    headers: { Authorization: bearer, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const order = (value: string, currency = 'BRL') => ({
  intent: 'CAPTURE',
  purchase_units: [unit({ currency_code: currency, value })],
  payment_source: { paypal: { experience_context: context } },
});

describe('the PayPal stand-in', () => {
  it.each([
    ['12.345', 422, 'DECIMAL_PRECISION'],
    ['0.00', 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ['-5.00', 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ['12,34', 400, 'INVALID_PARAMETER_SYNTAX'],
  ])('refuses the amount %j with %i %s', async (value, status, issue) => {
    const answer = await createOrder(order(value));
    expect(answer.status).toBe(status);
    expect(answer.body.details).toEqual([expect.objectContaining({ issue })]);
    expect(answer.body.debug_id).toEqual(expect.any(String));
  });

  it('refuses another currency, a create without PayPal-Request-Id, and a call without a valid bearer', async () => {
    expect((await createOrder(order('10.00', 'USD'))).body.details).toEqual([expect.objectContaining({ issue: 'INVALID_CURRENCY_CODE' })]);
    // PayPal's own rule for an order made with a payment_source; the stand-in asks it of every create (our rule).
    const noId = await createOrder(order('10.00'), {});
    expect(noId.status).toBe(400);
    expect(noId.body.details).toEqual([expect.objectContaining({ issue: 'PAYPAL_REQUEST_ID_REQUIRED', field: 'PayPal-Request-Id' })]);
    const { payment_source: _source, ...withoutSource } = order('10.00');
    const noIdNoSource = await createOrder(withoutSource, {});
    expect(noIdNoSource.body.details).toEqual([
      expect.objectContaining({ issue: 'MISSING_REQUIRED_PARAMETER', field: 'PayPal-Request-Id' }),
    ]);
    const anonymous = await fetch(`${paypal.url}/v2/checkout/orders/ANY`, { headers: { Authorization: 'Bearer made-up' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    const badClient = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: 'Basic eDp5' },
      body: 'grant_type=client_credentials',
    });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
  });

  it('the approve page shows the amount; its button approves and sends the browser to return_url with token and PayerID', async () => {
    const created = await createOrder(order('1234.50'));
    const id = String(created.body.id);
    const links = created.body.links as { rel: string; href: string }[];
    const payerAction = links.find((link) => link.rel === 'payer-action')?.href ?? '';
    expect(payerAction).toBe(`${paypal.url}/checkoutnow?token=${id}`);

    const page = await (await fetch(payerAction)).text();
    expect(page).toContain('R$ 1.234,50');
    expect(page).toContain('Pagar agora');
    expect(page).toContain(`href="https://semear.example/cancelado?token=${id}"`);

    const approved = await fetch(`${paypal.url}/checkoutnow/approve?token=${id}`, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://semear.example/retorno');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('token')).toBe(id);
    expect(location.searchParams.get('PayerID')).toMatch(/^[0-9A-Z]{13}$/);
    expect(paypal.ledger.orders.get(id)?.status).toBe('APPROVED');
  });

  it('an order made with application_context answers CREATED and an approve link', async () => {
    const created = await createOrder({
      intent: 'CAPTURE',
      purchase_units: [unit({ currency_code: 'BRL', value: '5' })],
      application_context: context,
    });
    expect(created.body.status).toBe('CREATED');
    expect((created.body.links as { rel: string }[]).map((link) => link.rel)).toContain('approve');
  });
});
