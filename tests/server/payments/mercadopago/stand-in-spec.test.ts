import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../../support/stand-ins/mercadopago';
import { MERCADOPAGO_TEST_CARDS } from '../../../support/stand-ins/mercadopago/test-cards';

/**
 * The stand-in refuses what Mercado Pago refuses, one operation our adapter uses (api-client.ts) at a time:
 * every required field missing in turn, and a bad type, format or enum where the reference gives one. Sources:
 * Mercado Pago's API reference (mercadopago.com.br/developers/pt/reference: payments/_payments/post and its
 * error list, chargebacks/_payments_id_refunds/post, customers/_customers/post, payment methods) and its
 * guides ("Os campos mínimos requeridos para enviar são: token, transaction_amount, installments,
 * payment_method_id e o payer.email"), with the request types of the official Node SDK (`mercadopago` 3.6).
 * Mercado Pago's answer: 400 `{ message, error: 'bad_request', status: 400, cause: [{ code, description }] }`.
 */

const ACCESS_TOKEN = 'TEST-spec-access-token';
let mp: MercadoPagoStandIn;

beforeAll(async () => {
  mp = await startMercadoPagoStandIn({ accessToken: ACCESS_TOKEN });
});
afterAll(() => mp.control.close());

type Json = Record<string, unknown>;
let keys = 0;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${mp.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ACCESS_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'x-idempotency-key': `spec-${Date.now()}-${++keys}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** A deep copy of `body` without the field at `path` (or with it set to `value`). */
function edit(body: Json, path: string, value?: unknown): Json {
  const copy = structuredClone(body);
  const keysOf = path.split('.');
  let at = copy;
  for (const key of keysOf.slice(0, -1)) at = at[key] as Json;
  const last = keysOf.at(-1) as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

function expectRefused(answer: { status: number; body: Json }, code: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ error: 'bad_request', status: 400, message: expect.any(String) });
  expect((answer.body.cause as Array<{ code: unknown }>).map((cause) => cause.code)).toContain(code);
}

/** What the browser SDK does: a one-time card token. */
async function tokenise(): Promise<string> {
  const response = await fetch(`${mp.url}/v1/card_tokens?public_key=${mp.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: MERCADOPAGO_TEST_CARDS.visa,
      security_code: '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'APRO', identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

const payer = { email: 'doadora@example.com', first_name: 'Ana', identification: { type: 'CPF', number: '12345678909' } };
const cardPayment = async (): Promise<Json> => ({
  transaction_amount: 12.34,
  token: await tokenise(),
  installments: 1,
  payment_method_id: 'visa',
  description: 'Doação',
  external_reference: `ref-${++keys}`,
  payer,
});
const pixPayment = (): Json => ({
  transaction_amount: 12.34,
  payment_method_id: 'pix',
  description: 'Doação',
  external_reference: `ref-${++keys}`,
  date_of_expiration: '2030-01-01T10:00:00.000+00:00',
  payer,
});

describe('POST /v1/payments, a card payment', () => {
  // Required (reference "Create payment" and the card guide): transaction_amount, token, installments,
  // payment_method_id, payer.email; and the payer object itself. Codes from the reference's error list.
  const required: Array<[string, number]> = [
    ['transaction_amount', 4002],
    ['token', 4000],
    ['installments', 4004],
    ['payment_method_id', 4001],
    ['payer', 4006],
    ['payer.email', 4050],
  ];

  it('is taken whole', async () => {
    expect((await call('POST', '/v1/payments', await cardPayment())).status).toBe(201);
  });

  it.each(required)('is refused without %s (%i)', async (field, code) => {
    expectRefused(await call('POST', '/v1/payments', edit(await cardPayment(), field)), code);
  });

  it.each<[string, unknown, number]>([
    ['transaction_amount', '12.34', 4003],
    ['transaction_amount', 0, 4037],
    ['transaction_amount', -1, 4037],
    ['transaction_amount', 12.345, 4037],
    ['token', 'not-a-token', 3003],
    ['installments', 0, 4005],
    ['installments', 1.5, 4005],
    ['installments', '1', 4005],
    ['payment_method_id', '', 3028],
    ['payment_method_id', 'no-such-method', 3028],
    ['payer', 'doadora@example.com', 4006],
    ['payer.email', 'not-an-email', 4050],
    ['payer.email', `${'a'.repeat(250)}@example.com`, 4051],
    ['payer.type', 'anonymous', 4029],
    ['payer.identification', { type: 'RG', number: '123456789' }, 2067],
    ['payer.identification', { type: 'CPF', number: '123' }, 2067],
    ['notification_url', 'not a url', 4020],
    ['notification_url', `https://example.com/${'a'.repeat(500)}`, 4021],
    ['metadata', 'text', 4022],
  ])('is refused with %s = %j (%i)', async (field, value, code) => {
    expectRefused(await call('POST', '/v1/payments', edit(await cardPayment(), field, value)), code);
  });

  it('of a saved card: payer.type customer needs payer.id (4012)', async () => {
    const body = edit(await cardPayment(), 'payer', { ...payer, type: 'customer' });
    expectRefused(await call('POST', '/v1/payments', body), 4012);
  });

  it('needs X-Idempotency-Key (4292)', async () => {
    const response = await fetch(`${mp.url}/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(await cardPayment()),
    });
    expectRefused({ status: response.status, body: (await response.json()) as Json }, 4292);
  });

  it('a refused request makes no payment', async () => {
    const body = edit(await cardPayment(), 'installments');
    await call('POST', '/v1/payments', body);
    expect(mp.control.paymentsFor(body.external_reference as string)).toEqual([]);
  });
});

describe('POST /v1/payments, a PIX', () => {
  // Required (reference "Create payment", PIX guide for Brazil): payment_method_id 'pix', transaction_amount,
  // payer.email, and in Brazil the payer's CPF or CNPJ (payer.identification, 2067).
  it('is taken whole, with no token or installments', async () => {
    expect((await call('POST', '/v1/payments', pixPayment())).status).toBe(201);
  });

  it.each<[string, number]>([
    ['transaction_amount', 4002],
    ['payment_method_id', 4001],
    ['payer.email', 4050],
    ['payer.identification', 2067],
  ])('is refused without %s (%i)', async (field, code) => {
    expectRefused(await call('POST', '/v1/payments', edit(pixPayment(), field)), code);
  });

  it.each<[string, unknown, number]>([
    ['date_of_expiration', '2030-01-01', 23],
    ['date_of_expiration', '01/01/2030 10:00', 23],
    ['description', 12, 1],
    ['external_reference', 12, 1],
  ])('is refused with %s = %j (%i)', async (field, value, code) => {
    expectRefused(await call('POST', '/v1/payments', edit(pixPayment(), field, value)), code);
  });
});

describe('GET and PUT /v1/payments/{id}, GET /v1/payments/search', () => {
  // The path id is a number (reference: 4019 "payment_id attribute must be numeric").
  it('refuses an id that is not a number (4019)', async () => {
    expectRefused(await call('GET', '/v1/payments/abc'), 4019);
    expectRefused(await call('PUT', '/v1/payments/abc', { status: 'cancelled' }), 4019);
  });

  // Cancel (reference "Update payment"): status is required; we only ever send 'cancelled'.
  it('refuses a cancel without status (4017) or with another one', async () => {
    const { body } = await call('POST', '/v1/payments', pixPayment());
    expectRefused(await call('PUT', `/v1/payments/${String(body.id)}`, {}), 4017);
    expectRefused(await call('PUT', `/v1/payments/${String(body.id)}`, { status: 'paid' }), 1);
    expect((await call('PUT', `/v1/payments/${String(body.id)}`, { status: 'cancelled' })).status).toBe(200);
  });

  // Search (reference "Search payments"): sort and criteria are enums.
  it('refuses a search by an unknown sort or criteria', async () => {
    expect((await call('GET', '/v1/payments/search?external_reference=x&sort=date_created&criteria=desc')).status).toBe(200);
    expectRefused(await call('GET', '/v1/payments/search?sort=amount'), 1);
    expectRefused(await call('GET', '/v1/payments/search?criteria=down'), 1);
  });
});

describe('POST /v1/payments/{id}/refunds', () => {
  // Reference "Create refund": amount optional (none refunds all that is left), a number; X-Idempotency-Key.
  const approved = async () => {
    const { body } = await call('POST', '/v1/payments', await cardPayment());
    return String(body.id);
  };

  it.each<[unknown, number]>([
    ['5', 4041],
    [1.234, 4041],
    [0, 4040],
    [-5, 4040],
  ])('refuses amount %j (%i)', async (amount, code) => {
    expectRefused(await call('POST', `/v1/payments/${await approved()}/refunds`, { amount }), code);
  });

  it('needs X-Idempotency-Key (4292) and a numeric payment id (4019); takes no amount as the whole', async () => {
    const id = await approved();
    const response = await fetch(`${mp.url}/v1/payments/${id}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expectRefused({ status: response.status, body: (await response.json()) as Json }, 4292);
    expectRefused(await call('POST', '/v1/payments/abc/refunds', {}), 4019);
    expect(await call('POST', `/v1/payments/${id}/refunds`, {})).toMatchObject({ status: 201, body: { amount: 12.34 } });
  });
});

describe('customers and their cards', () => {
  // Reference "Create customer": email required; the 1xx codes of its error list (106 email, 107 first_name,
  // 111/112 identification); SDK CustomerRequestBody.
  it('POST /v1/customers refuses a missing or bad email and bad fields', async () => {
    expectRefused(await call('POST', '/v1/customers', { first_name: 'Ana' }), 106);
    expectRefused(await call('POST', '/v1/customers', { email: 'ana' }), 106);
    expectRefused(await call('POST', '/v1/customers', { email: 'ana@example.com', first_name: 7 }), 107);
    expectRefused(await call('POST', '/v1/customers', { email: 'ana@example.com', identification: { type: 'RG', number: '1' } }), 111);
    expectRefused(await call('POST', '/v1/customers', { email: 'ana@example.com', identification: { type: 'CPF', number: '1' } }), 112);
  });

  it('GET /v1/customers/search refuses an email that is not one (106)', async () => {
    expectRefused(await call('GET', '/v1/customers/search?email=ana'), 106);
  });

  // Reference "Save card" (POST /v1/customers/{id}/cards): token required (119 "the card is required").
  // POST /v1/card_tokens with the access token, for a saved card (SDK CardTokenCreateBody): card_id.
  it('POST /v1/customers/{id}/cards needs the token; POST /v1/card_tokens a card_id', async () => {
    const { body: customer } = await call('POST', '/v1/customers', { email: `spec-${Date.now()}@example.com` });
    const cards = `/v1/customers/${String(customer.id)}/cards`;
    expectRefused(await call('POST', cards, {}), 119);
    expectRefused(await call('POST', cards, { token: 5 }), 121);
    const { status, body: card } = await call('POST', cards, { token: await tokenise() });
    expect(status).toBe(201);
    expectRefused(await call('POST', '/v1/card_tokens', { card_id: 'abc', customer_id: customer.id }), 3003);
    expectRefused(await call('POST', '/v1/card_tokens', { card_id: card.id, customer_id: 7 }), 105);
    expect((await call('POST', '/v1/card_tokens', { card_id: card.id, customer_id: customer.id })).status).toBe(201);
  });
});

describe('GET /v1/card_tokens/{id} and GET /v1/payment_methods/search', () => {
  // A card token's id is 32 hexadecimal characters (3003 "Invalid card_token_id").
  it('refuses a token id of another shape (3003)', async () => {
    expectRefused(await call('GET', '/v1/card_tokens/not-a-token'), 3003);
    expect((await call('GET', `/v1/card_tokens/${await tokenise()}`)).status).toBe(200);
  });

  // Payment methods search: bins (6 to 8 digits) required; site_id one of Mercado Pago's sites (3004).
  it('needs bins and a known site_id', async () => {
    expectRefused(await call('GET', '/v1/payment_methods/search?site_id=MLB&marketplace=NONE'), 1);
    expectRefused(await call('GET', '/v1/payment_methods/search?site_id=MLB&bins=12ab'), 1);
    expectRefused(await call('GET', '/v1/payment_methods/search?site_id=BR&bins=503143'), 3004);
    expect(await call('GET', '/v1/payment_methods/search?site_id=MLB&marketplace=NONE&bins=503143')).toMatchObject({
      status: 200,
      body: { results: [{ id: 'master' }] },
    });
  });
});
