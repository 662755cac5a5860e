import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalStandIn, type PaypalStandIn } from '../../../support/stand-ins/paypal/server';

/**
 * The stand-in refuses what PayPal's published OpenAPI refuses (github.com/paypal/paypal-rest-api-specifications:
 * openapi/checkout_orders_v2.json, payments_payment_v2.json, notifications_webhooks_v1.json), one operation
 * our adapter uses at a time: every required field missing in turn, and a bad format, length or enum
 * where the schema has one. PayPal's answer: 400 INVALID_REQUEST with `details[{ field, issue }]`.
 */

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

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${paypal.url}${path}`, {
    method,
    headers: {
      Authorization: bearer,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(method === 'POST' ? { 'PayPal-Request-Id': crypto.randomUUID() } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** A deep copy of `body` without the field at `path` (or with it set to `value`). */
function edit(body: Json, path: (string | number)[], value?: unknown): Json {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1) ?? '';
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

function expectRefused(answer: { status: number; body: Json }, field: string, issue: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: expect.any(String),
    links: [expect.objectContaining({ rel: 'information_link' })],
  });
  expect(answer.body.details).toContainEqual(expect.objectContaining({ field, issue }));
}

/** The create our adapter sends (api-client.ts), every optional field it uses included. */
const createBody: Json = {
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'pay_1',
      custom_id: 'pay_1',
      description: 'Doação para Horta Comunitária',
      amount: { currency_code: 'BRL', value: '12.34' },
    },
  ],
  payment_source: {
    paypal: {
      experience_context: {
        return_url: 'https://doe.example.org/obrigado?donation=1',
        cancel_url: 'https://doe.example.org/doar',
        user_action: 'PAY_NOW',
        shipping_preference: 'NO_SHIPPING',
        brand_name: 'Semear',
        locale: 'pt-BR',
      },
    },
  },
};
const unit = "/purchase_units/@reference_id=='pay_1'";
const context = '/payment_source/paypal/experience_context';

async function approvedCaptureId(): Promise<string> {
  const created = await call('POST', '/v2/checkout/orders', createBody);
  paypal.approve(String(created.body.id));
  const captured = await call('POST', `/v2/checkout/orders/${String(created.body.id)}/capture`, {});
  const units = captured.body.purchase_units as { payments: { captures: { id: string }[] } }[];
  return units[0]?.payments.captures[0]?.id ?? '';
}

describe('POST /v2/checkout/orders (orders v2, `order_request`)', () => {
  it('takes the create our adapter sends', async () => {
    expect((await call('POST', '/v2/checkout/orders', createBody)).status).toBe(201);
  });

  // `order_request` requires intent and purchase_units; `purchase_unit_request` requires amount;
  // `amount_with_breakdown` (a `money`) requires currency_code and value.
  it.each([
    [['intent'], '/intent'],
    [['purchase_units'], '/purchase_units'],
    [['purchase_units', 0, 'amount'], `${unit}/amount`],
    [['purchase_units', 0, 'amount', 'currency_code'], `${unit}/amount/currency_code`],
    [['purchase_units', 0, 'amount', 'value'], `${unit}/amount/value`],
  ])('refuses it without %j', async (path, field) => {
    expectRefused(await call('POST', '/v2/checkout/orders', edit(createBody, path)), field, 'MISSING_REQUIRED_PARAMETER');
  });

  it.each([
    // checkout_payment_intent: CAPTURE | AUTHORIZE
    [['intent'], 'SALE', '/intent', 'INVALID_PARAMETER_VALUE'],
    // purchase_units: 1 to 10
    [['purchase_units'], [], '/purchase_units', 'INVALID_ARRAY_MIN_ITEMS'],
    [
      ['purchase_units'],
      Array.from({ length: 11 }, () => ({ amount: { currency_code: 'BRL', value: '1.00' } })),
      '/purchase_units',
      'INVALID_ARRAY_MAX_ITEMS',
    ],
    // money.value: ^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$, at most 32; currency_code: 3 characters
    [['purchase_units', 0, 'amount', 'value'], '12,34', `${unit}/amount/value`, 'INVALID_PARAMETER_SYNTAX'],
    [['purchase_units', 0, 'amount', 'value'], 1234, `${unit}/amount/value`, 'INVALID_PARAMETER_SYNTAX'],
    [['purchase_units', 0, 'amount', 'value'], '1'.repeat(33), `${unit}/amount/value`, 'INVALID_STRING_LENGTH'],
    [['purchase_units', 0, 'amount', 'currency_code'], 'REAL', `${unit}/amount/currency_code`, 'INVALID_STRING_LENGTH'],
    // purchase_unit_request: reference_id 1–256, description and custom_id 1–127, soft_descriptor 1–22
    [
      ['purchase_units', 0, 'reference_id'],
      'r'.repeat(257),
      "/purchase_units/@reference_id=='" + 'r'.repeat(257) + "'/reference_id",
      'INVALID_STRING_LENGTH',
    ],
    [['purchase_units', 0, 'description'], '', `${unit}/description`, 'INVALID_STRING_LENGTH'],
    [['purchase_units', 0, 'description'], 'd'.repeat(128), `${unit}/description`, 'INVALID_STRING_LENGTH'],
    [['purchase_units', 0, 'custom_id'], 'c'.repeat(128), `${unit}/custom_id`, 'INVALID_STRING_LENGTH'],
    [['purchase_units', 0, 'soft_descriptor'], 's'.repeat(23), `${unit}/soft_descriptor`, 'INVALID_STRING_LENGTH'],
    // paypal_wallet_experience_context: enums, url format, language pattern, brand_name ^.*$ 1–127
    [['payment_source', 'paypal', 'experience_context', 'user_action'], 'PAY', `${context}/user_action`, 'INVALID_PARAMETER_VALUE'],
    [
      ['payment_source', 'paypal', 'experience_context', 'shipping_preference'],
      'NONE',
      `${context}/shipping_preference`,
      'INVALID_PARAMETER_VALUE',
    ],
    [['payment_source', 'paypal', 'experience_context', 'landing_page'], 'BILLING', `${context}/landing_page`, 'INVALID_PARAMETER_VALUE'],
    [['payment_source', 'paypal', 'experience_context', 'return_url'], '/obrigado', `${context}/return_url`, 'INVALID_PARAMETER_SYNTAX'],
    [['payment_source', 'paypal', 'experience_context', 'cancel_url'], 'doar', `${context}/cancel_url`, 'INVALID_PARAMETER_SYNTAX'],
    [['payment_source', 'paypal', 'experience_context', 'locale'], 'pt_BR', `${context}/locale`, 'INVALID_PARAMETER_SYNTAX'],
    [['payment_source', 'paypal', 'experience_context', 'brand_name'], 'Semear\nONG', `${context}/brand_name`, 'INVALID_PARAMETER_SYNTAX'],
    [['payment_source', 'paypal', 'experience_context', 'brand_name'], 'b'.repeat(128), `${context}/brand_name`, 'INVALID_STRING_LENGTH'],
  ])('refuses %j = %j', async (path, value, field, issue) => {
    expectRefused(await call('POST', '/v2/checkout/orders', edit(createBody, path, value)), field, issue);
  });

  it('names every field at fault, and refuses malformed JSON', async () => {
    const answer = await call(
      'POST',
      '/v2/checkout/orders',
      edit(edit(createBody, ['intent']), ['purchase_units', 0, 'amount', 'value'], '1,0'),
    );
    expect(answer.body.details).toEqual([
      expect.objectContaining({ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER', location: 'body' }),
      expect.objectContaining({ field: `${unit}/amount/value`, issue: 'INVALID_PARAMETER_SYNTAX', value: '1,0', location: 'body' }),
    ]);
    const malformed = await call('POST', '/v2/checkout/orders', '{"intent":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual([expect.objectContaining({ issue: 'MALFORMED_REQUEST_JSON' })]);
  });

  it('checks its header parameters: PayPal-Request-Id 1–108, Prefer ^[a-zA-Z=]*$ up to 25', async () => {
    expectRefused(
      await call('POST', '/v2/checkout/orders', createBody, { 'PayPal-Request-Id': 'r'.repeat(109) }),
      'PayPal-Request-Id',
      'INVALID_STRING_LENGTH',
    );
    expectRefused(
      await call('POST', '/v2/checkout/orders', createBody, { Prefer: 'return=representation;x' }),
      'Prefer',
      'INVALID_PARAMETER_SYNTAX',
    );
  });

  it('answers the business rules with 422 UNPROCESSABLE_ENTITY', async () => {
    const answer = await call('POST', '/v2/checkout/orders', edit(createBody, ['purchase_units', 0, 'amount', 'value'], '.001'));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [expect.objectContaining({ issue: 'DECIMAL_PRECISION' })] });
    // ".5" fits money.value's pattern: half a real.
    expect((await call('POST', '/v2/checkout/orders', edit(createBody, ['purchase_units', 0, 'amount', 'value'], '.5'))).status).toBe(201);
  });
});

describe('GET /v2/checkout/orders/{id} and POST …/{id}/capture (orders v2, `order_capture_request`)', () => {
  // The `id` path parameter: ^[A-Z0-9]+$, 1–36. `order_capture_request` requires nothing.
  it('refuses an id out of the pattern or too long', async () => {
    expectRefused(await call('GET', '/v2/checkout/orders/order-1'), 'id', 'INVALID_PARAMETER_SYNTAX');
    expectRefused(await call('GET', `/v2/checkout/orders/${'A'.repeat(37)}`), 'id', 'INVALID_STRING_LENGTH');
    expectRefused(await call('POST', '/v2/checkout/orders/abc/capture', {}), 'id', 'INVALID_PARAMETER_SYNTAX');
    expect((await call('GET', '/v2/checkout/orders/ABC123')).body).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [expect.objectContaining({ issue: 'INVALID_RESOURCE_ID' })],
    });
  });

  it('takes an empty capture body and refuses a payment_source that is not an object', async () => {
    const created = await call('POST', '/v2/checkout/orders', createBody);
    const id = String(created.body.id);
    expectRefused(
      await call('POST', `/v2/checkout/orders/${id}/capture`, { payment_source: 'paypal' }),
      '/payment_source',
      'INVALID_PARAMETER_SYNTAX',
    );
    expectRefused(
      await call('POST', `/v2/checkout/orders/${id}/capture`, {}, { Prefer: 'return representation' }),
      'Prefer',
      'INVALID_PARAMETER_SYNTAX',
    );
    paypal.approve(id);
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`, {})).status).toBe(201);
  });
});

describe('POST /v2/payments/captures/{id}/refund (payments v2, `refund_request`)', () => {
  // `refund_request` requires nothing; its `amount` is a `money`, which requires currency_code and value.
  it.each([
    [{ amount: { value: '1.00' } }, '/amount/currency_code', 'MISSING_REQUIRED_PARAMETER'],
    [{ amount: { currency_code: 'BRL' } }, '/amount/value', 'MISSING_REQUIRED_PARAMETER'],
    [{ amount: { currency_code: 'BRL', value: '1.0.0' } }, '/amount/value', 'INVALID_PARAMETER_SYNTAX'],
    [{ amount: { currency_code: 'BR', value: '1.00' } }, '/amount/currency_code', 'INVALID_STRING_LENGTH'],
    [{ custom_id: 'c'.repeat(128) }, '/custom_id', 'INVALID_STRING_LENGTH'],
    [{ invoice_id: '' }, '/invoice_id', 'INVALID_STRING_LENGTH'],
    [{ note_to_payer: 'n'.repeat(256) }, '/note_to_payer', 'INVALID_STRING_LENGTH'],
  ])('refuses %j', async (body, field, issue) => {
    const captureId = await approvedCaptureId();
    const answer = await call('POST', `/v2/payments/captures/${captureId}/refund`, body);
    expectRefused(answer, field, issue);
    expect((answer.body.links as { href: string }[])[0]?.href).toContain('/docs/api/payments/v2/');
  });

  it('takes an empty body (what is left) and a BRL amount', async () => {
    const captureId = await approvedCaptureId();
    expect(
      (await call('POST', `/v2/payments/captures/${captureId}/refund`, { amount: { currency_code: 'BRL', value: '1.00' } })).status,
    ).toBe(201);
    expect((await call('POST', `/v2/payments/captures/${captureId}/refund`, {})).status).toBe(201);
  });

  it('GET captures/{capture_id} and refunds/{refund_id} (no constraints on the ids) answer 404 for one it does not know', async () => {
    for (const path of ['/v2/payments/captures/nope', '/v2/payments/refunds/nope']) {
      const answer = await call('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        name: 'RESOURCE_NOT_FOUND',
        details: [expect.objectContaining({ issue: 'INVALID_RESOURCE_ID' })],
      });
    }
  });
});

describe('POST /v1/notifications/verify-webhook-signature (notifications v1, `verify_webhook_signature`)', () => {
  const request: Json = {
    auth_algo: 'SHA256withRSA',
    cert_url: 'https://api-m.paypal.com/v1/notifications/certs/CERT-360caa42',
    transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    transmission_sig:
      'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
    transmission_time: '2016-02-18T20:01:35Z',
    webhook_id: '1JE4291016473214C',
    webhook_event: {
      id: 'WH-0G2756385H040842W-5Y612302CV158622M',
      event_version: '1.0',
      resource_version: '2.0',
      create_time: '2016-02-18T20:01:35Z',
    },
  };
  const verify = (body: unknown) => call('POST', '/v1/notifications/verify-webhook-signature', body);

  it('takes a well-formed request (this one not signed by the stand-in: FAILURE)', async () => {
    expect(await verify(request)).toEqual({ status: 200, body: { verification_status: 'FAILURE' } });
  });

  // `verify_webhook_signature` requires auth_algo, cert_url, transmission_id, transmission_sig,
  // transmission_time, webhook_id and webhook_event.
  it.each(['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'])(
    'refuses it without %s',
    async (field) => {
      const answer = await verify(edit(request, [field]));
      expectRefused(answer, `/${field}`, 'MISSING_REQUIRED_PARAMETER');
      expect(answer.body.information_link).toContain('/docs/api/webhooks/v1/');
    },
  );

  it.each([
    // auth_algo ^[a-zA-Z0-9]+$ (≤ 100); cert_url a uri (≤ 500); transmission_id and transmission_sig
    // ^(?!\d+$)\w+\S+ (≤ 50, ≤ 500); transmission_time a date-time; webhook_id ^[a-zA-Z0-9]+$ (≤ 50)
    [['auth_algo'], 'SHA256-RSA', '/auth_algo', 'INVALID_PARAMETER_SYNTAX'],
    [['cert_url'], 'certs/CERT-1', '/cert_url', 'INVALID_PARAMETER_SYNTAX'],
    [['cert_url'], `https://api-m.paypal.com/${'c'.repeat(480)}`, '/cert_url', 'INVALID_STRING_LENGTH'],
    [['transmission_id'], '123456', '/transmission_id', 'INVALID_PARAMETER_SYNTAX'],
    [['transmission_id'], 't'.repeat(51), '/transmission_id', 'INVALID_STRING_LENGTH'],
    [['transmission_sig'], '+abc', '/transmission_sig', 'INVALID_PARAMETER_SYNTAX'],
    [['transmission_time'], 'yesterday', '/transmission_time', 'INVALID_PARAMETER_SYNTAX'],
    [['webhook_id'], 'WH-OF-ANOTHER-APP', '/webhook_id', 'INVALID_PARAMETER_SYNTAX'],
    [['webhook_id'], 'W'.repeat(51), '/webhook_id', 'INVALID_STRING_LENGTH'],
    // webhook_event is an `event`: an object, its versions ^([0-9]+.[0-9]+)$, create_time a date-time
    [['webhook_event'], 'event', '/webhook_event', 'INVALID_PARAMETER_SYNTAX'],
    [['webhook_event', 'event_version'], '1', '/webhook_event/event_version', 'INVALID_PARAMETER_SYNTAX'],
    [['webhook_event', 'create_time'], '18/02/2016', '/webhook_event/create_time', 'INVALID_PARAMETER_SYNTAX'],
  ])('refuses %j = %j', async (path, value, field, issue) => {
    expectRefused(await verify(edit(request, path, value)), field, issue);
  });
});

describe('POST /v1/oauth2/token (client credentials; not in these OpenAPI files)', () => {
  it('requires grant_type=client_credentials with the app’s Basic credentials', async () => {
    const basic = `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`;
    const token = (body: string, authorization = basic) =>
      fetch(`${paypal.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    const noGrant = await token('');
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await token('grant_type=client_credentials', 'Basic eDp5')).status).toBe(401);
    expect((await token('grant_type=client_credentials')).status).toBe(200);
  });
});
