import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMercadoPagoClient, type CreatePaymentInput } from '../../../../server/services/payments/mercadopago/api-client';
import { MercadoPagoError } from '../../../../server/services/payments/mercadopago/errors';
import { mercadoPagoOutcome, refundFailureForError } from '../../../../server/services/payments/mercadopago/status';
import { parsePixBrCode } from '../../../../server/services/payments/pix/br-code';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../../support/stand-ins/mercadopago';
import { MERCADOPAGO_TEST_CARDS } from '../../../support/stand-ins/mercadopago/test-cards';

const ACCESS_TOKEN = 'TEST-0000-access-token-of-the-stand-in';
let standIn: MercadoPagoStandIn;
const client = (options: { timeoutMs?: number; accessToken?: string } = {}) =>
  createMercadoPagoClient({ baseUrl: standIn.url, accessToken: options.accessToken ?? ACCESS_TOKEN, timeoutMs: options.timeoutMs });

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn({ accessToken: ACCESS_TOKEN });
});
afterAll(() => standIn.control.close());

/** What the browser SDK does: POST the card to /v1/card_tokens with the public key. */
async function tokenise(holder = 'APRO', number: string = MERCADOPAGO_TEST_CARDS.visa): Promise<string> {
  const response = await fetch(`${standIn.url}/v1/card_tokens?public_key=${standIn.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: number,
      security_code: '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: holder, identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

let seq = 0;
const cardPayment = async (holder = 'APRO', amountCents = 1234): Promise<{ input: CreatePaymentInput; key: string }> => {
  const key = `pay-${Date.now()}-${++seq}`;
  return {
    key,
    input: {
      amountCents,
      description: 'Doação',
      paymentMethodId: 'visa',
      token: await tokenise(holder),
      payer: { email: 'doadora@example.com', identification: { type: 'CPF', number: '12345678909' } },
      externalReference: key,
    },
  };
};
const lastRequest = () => standIn.control.requests.at(-1)!;

describe('Mercado Pago client against the stand-in (real HTTP)', () => {
  it('sends 1234 cents as 12.34 with the bearer token and the idempotency key, and reads back 1234, fee and net in cents', async () => {
    const { input, key } = await cardPayment();
    const payment = await client().createPayment(input, key);
    const sent = lastRequest();
    expect(sent.path).toBe('/v1/payments');
    expect(sent.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent.headers['x-idempotency-key']).toBe(key);
    expect((sent.body as { transaction_amount: unknown }).transaction_amount).toBe(12.34);
    expect(payment).toMatchObject({ status: 'approved', statusDetail: 'accredited', amountCents: 1234, refundedCents: 0 });
    // 4.98 % of R$ 12,34 is R$ 0,6145 → R$ 0,61.
    expect(payment.feeCents).toBe(61);
    expect(payment.netReceivedCents).toBe(1173);
    expect(payment.card).toMatchObject({ lastFour: '5682', firstSix: '423564', expMonth: 11, expYear: 2030, holderName: 'APRO' });
    expect(mercadoPagoOutcome(payment).outcome).toBe('succeeded');
    expect(await client().getPayment(payment.id)).toEqual(payment);
  });

  it('a retry after a 503 with the same key makes one charge', async () => {
    const { input, key } = await cardPayment();
    standIn.control.failNext({ status: 503, path: '/v1/payments' });
    const error = await client()
      .createPayment(input, key)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MercadoPagoError);
    expect(error).toMatchObject({ kind: 'api', status: 503, retryable: true });
    const payment = await client().createPayment(input, key);
    expect(payment.status).toBe('approved');
    expect(standIn.control.paymentsFor(key)).toHaveLength(1);
  });

  it('a timeout is a retryable error; the retry with the same key answers the charge already made, not a second one', async () => {
    const { input, key } = await cardPayment();
    standIn.control.failNext({ timeoutMs: 2_000, path: '/v1/payments' });
    const error = await client({ timeoutMs: 200 })
      .createPayment(input, key)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    // The stand-in carried the call out: the answer was lost, the charge was not.
    expect(standIn.control.paymentsFor(key)).toHaveLength(1);
    const retried = await client().createPayment(input, key);
    expect(retried.id).toBe(String(standIn.control.paymentsFor(key)[0]!.id));
    expect(standIn.control.paymentsFor(key)).toHaveLength(1);
  });

  it('the same key with another body is refused (409), and nothing more is charged', async () => {
    const { input, key } = await cardPayment();
    await client().createPayment(input, key);
    const error = await client()
      .createPayment({ ...input, amountCents: 9999 }, key)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'api', status: 409, retryable: false });
    expect(standIn.control.paymentsFor(key)).toHaveLength(1);
  });

  it('parses Mercado Pago errors into MercadoPagoError with the cause codes', async () => {
    const wrongToken = await client({ accessToken: 'TEST-wrong' })
      .getPayment('1')
      .catch((e: unknown) => e);
    expect(wrongToken).toMatchObject({ kind: 'api', status: 401, error: 'unauthorized', causeCodes: ['401'], retryable: false });

    const { input, key } = await cardPayment();
    const unknownToken = await client()
      .createPayment({ ...input, token: 'ffffffffffffffffffffffffffffffff' }, key)
      .catch((e: unknown) => e);
    expect(unknownToken).toMatchObject({ status: 400, causeCodes: ['2006'] });

    standIn.control.failNext({ status: 400, cause: [{ code: 4037, description: 'Invalid transaction_amount' }] });
    const injected = (await client()
      .getPayment('1')
      .catch((e: unknown) => e)) as MercadoPagoError;
    expect(injected.causes).toEqual([{ code: '4037', description: 'Invalid transaction_amount' }]);
    expect(injected.message).toContain('Invalid transaction_amount');

    const notFound = await client()
      .getPayment('999')
      .catch((e: unknown) => e);
    expect(notFound).toMatchObject({ status: 404, causeCodes: ['2000'] });
  });

  it('an unreachable API is a retryable network error', async () => {
    const offline = createMercadoPagoClient({ baseUrl: 'http://127.0.0.1:9', accessToken: ACCESS_TOKEN, timeoutMs: 2_000 });
    expect(await offline.getPayment('1').catch((e: unknown) => e)).toMatchObject({ kind: 'network', retryable: true });
  });

  it.each([
    ['FUND', 'cc_rejected_insufficient_amount', 'payment.insufficient_funds'],
    ['SECU', 'cc_rejected_bad_filled_security_code', 'payment.bad_security_code'],
    ['CALL', 'cc_rejected_call_for_authorize', 'payment.call_for_authorize'],
    ['OTHE', 'cc_rejected_other_reason', 'payment.declined'],
    ['EXPI', 'cc_rejected_bad_filled_date', 'payment.card_data_invalid'],
  ])('the test holder %s is rejected with %s (%s)', async (holder, detail, failureCode) => {
    const { input, key } = await cardPayment(holder);
    const payment = await client().createPayment(input, key);
    expect(payment).toMatchObject({ status: 'rejected', statusDetail: detail, feeCents: 0 });
    expect(mercadoPagoOutcome(payment)).toMatchObject({ outcome: 'failed', failureCode });
  });

  it('CONT is in process (pending) until approved', async () => {
    const { input, key } = await cardPayment('CONT');
    const payment = await client().createPayment(input, key);
    expect(mercadoPagoOutcome(payment).outcome).toBe('pending');
    standIn.control.approve(payment.id);
    expect(mercadoPagoOutcome(await client().getPayment(payment.id)).outcome).toBe('succeeded');
  });
});

describe('PIX through the client', () => {
  const pix = (reference: string, identification = true): CreatePaymentInput => ({
    amountCents: 1234,
    description: 'Doação PIX',
    paymentMethodId: 'pix',
    payer: {
      email: 'pix@example.com',
      firstName: 'Ana',
      ...(identification ? { identification: { type: 'CPF', number: '12345678909' } } : {}),
    },
    externalReference: reference,
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });

  it('is pending with a BR Code for the amount and its expiry, then approved, found by its reference', async () => {
    const reference = `pix-${Date.now()}`;
    const input = pix(reference);
    const payment = await client().createPayment(input, reference);
    expect((lastRequest().body as { date_of_expiration: string }).date_of_expiration).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/,
    );
    expect(payment).toMatchObject({ status: 'pending', statusDetail: 'pending_waiting_transfer', paymentMethodId: 'pix' });
    expect(payment.expiresAt?.getTime()).toBe(input.expiresAt!.getTime());
    expect(parsePixBrCode(payment.pix!.qrCode).amountCents).toBe(1234);
    expect(Buffer.from(payment.pix!.qrCodeBase64!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    standIn.control.approve(payment.id);
    const [found] = await client().searchPayments(reference);
    expect(found).toMatchObject({ id: payment.id, status: 'approved', feeCents: 12, netReceivedCents: 1222 });
  });

  it('needs the payer CPF or CNPJ (2067)', async () => {
    const error = await client()
      .createPayment(pix(`pix-noid-${Date.now()}`, false), `k-${Date.now()}`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, causeCodes: ['2067'] });
  });

  it('cancelled after its expiry: outcome expired', async () => {
    const reference = `pix-exp-${Date.now()}`;
    const payment = await client().createPayment(pix(reference), reference);
    const cancelled = await client().cancelPayment(payment.id);
    expect(mercadoPagoOutcome(cancelled).outcome).toBe('expired');
  });
});

describe('refunds through the client', () => {
  it('a part, then the rest; then nothing is left to refund', async () => {
    const { input, key } = await cardPayment('APRO', 1234);
    const payment = await client().createPayment(input, key);
    const part = await client().createRefund(payment.id, 500, `${key}-r1`);
    expect(lastRequest().body).toEqual({ amount: 5 });
    expect(lastRequest().headers['x-idempotency-key']).toBe(`${key}-r1`);
    expect(part).toMatchObject({ paymentId: payment.id, amountCents: 500 });
    expect(await client().getPayment(payment.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'partially_refunded',
      refundedCents: 500,
    });

    // The same key again answers the same refund.
    expect((await client().createRefund(payment.id, 500, `${key}-r1`)).id).toBe(part.id);

    const tooMuch = (await client()
      .createRefund(payment.id, 900, `${key}-r2`)
      .catch((e: unknown) => e)) as MercadoPagoError;
    expect(tooMuch).toMatchObject({ status: 400 });
    expect(refundFailureForError(tooMuch, { requestedCents: 900, refundableCents: 734 })).toBe('refund.exceeds_captured');

    const rest = await client().createRefund(payment.id, undefined, `${key}-r3`);
    expect(lastRequest().body).toEqual({});
    expect(rest.amountCents).toBe(734);
    expect(await client().getPayment(payment.id)).toMatchObject({ status: 'refunded', refundedCents: 1234 });

    const none = (await client()
      .createRefund(payment.id, 1, `${key}-r4`)
      .catch((e: unknown) => e)) as MercadoPagoError;
    expect(none.causeCodes).toEqual(['2063']);
    expect(refundFailureForError(none)).toBe('refund.payment_not_refundable');
  });
});

describe('customers and saved cards through the client', () => {
  it('saves a card on a customer and charges it later with a token made from card_id, no CVV', async () => {
    const email = `monthly-${Date.now()}@example.com`;
    expect(await client().findCustomerByEmail(email)).toBeNull();
    const customer = await client().createCustomer({ email, firstName: 'Bia' }, `cus-${email}`);
    expect(await client().findCustomerByEmail(email)).toEqual(customer);
    const duplicate = await client()
      .createCustomer({ email }, `cus2-${email}`)
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ status: 400, causeCodes: ['101'] });

    const browserToken = await tokenise('APRO', MERCADOPAGO_TEST_CARDS.mastercard);
    const described = await client().getCardToken(browserToken);
    expect(described).toMatchObject({
      firstSix: '503143',
      lastFour: '6351',
      expMonth: 11,
      expYear: 2030,
      holderName: 'APRO',
      cardId: null,
    });

    const card = await client().saveCustomerCard(customer.id, browserToken, `card-${email}`);
    expect(card).toMatchObject({ customerId: customer.id, lastFour: '6351', paymentMethodId: 'master', expYear: 2030 });

    const monthlyToken = await client().createSavedCardToken({ cardId: card.id, customerId: customer.id }, `tok-${email}`);
    expect(monthlyToken).toMatchObject({ cardId: card.id, lastFour: '6351' });
    const key = `monthly-${email}`;
    const payment = await client().createPayment(
      {
        amountCents: 2500,
        description: 'Doação mensal',
        paymentMethodId: 'master',
        token: monthlyToken.id,
        payer: { email, customerId: customer.id },
        externalReference: key,
      },
      key,
    );
    expect((lastRequest().body as { payer: unknown }).payer).toEqual({ email, type: 'customer', id: customer.id });
    expect(payment).toMatchObject({ status: 'approved', amountCents: 2500 });
  });
});

describe('payment methods by BIN (GET /v1/payment_methods/search)', () => {
  it.each([
    ['mastercard', 'master', 'credit_card'],
    ['visa', 'visa', 'credit_card'],
    ['amex', 'amex', 'credit_card'],
    ['eloDebit', 'debelo', 'debit_card'],
  ] as const)('Mercado Pago names the method of its test %s by the first six digits', async (card, id, type) => {
    const bin = MERCADOPAGO_TEST_CARDS[card].slice(0, 6);
    expect(await client().searchPaymentMethods(bin)).toEqual([{ id, paymentTypeId: type, status: 'active' }]);
    const sent = lastRequest();
    expect(sent.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(Object.fromEntries(sent.query)).toEqual({ site_id: 'MLB', marketplace: 'NONE', bins: bin });
  });

  it('finds nothing for a BIN no method takes', async () => {
    expect(await client().searchPaymentMethods('700000')).toEqual([]);
  });

  it('the stand-in refuses what Mercado Pago refuses: no credentials, an unknown public key, a wrong token, bins that are not 6 to 8 digits', async () => {
    const search = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${standIn.url}/v1/payment_methods/search?${query}`, { headers }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { cause?: Array<{ code: unknown }> },
      }));
    expect(await search('bins=503143')).toMatchObject({ status: 400, body: { cause: [{ code: 1000 }] } });
    expect(await search('bins=503143&public_key=TEST-unknown')).toMatchObject({ status: 400, body: { cause: [{ code: 1001 }] } });
    expect((await search('bins=503143', { authorization: 'Bearer TEST-wrong' })).status).toBe(401);
    for (const bins of ['', '5031', '50314a', '503143321540'])
      expect((await search(`bins=${bins}&public_key=${standIn.publicKey}`)).status, bins).toBe(400);
    expect(await search(`bins=50314332&public_key=${standIn.publicKey}`)).toMatchObject({
      status: 200,
      body: { results: [{ id: 'master' }] },
    });
    const refused = await client()
      .searchPaymentMethods('abc')
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'api', status: 400, retryable: false });
  });
});
