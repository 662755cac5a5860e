import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTokenSchema } from '../../contracts/cards';
import { WEBHOOK_SIGNATURE_HEADER } from '../../contracts/constants';
import { sandboxCardTokens, sandboxPayments, sandboxWebhookDeliveries, sandboxWebhookEvents } from '../../server/db/schema';
import { escapeHtml } from '../../server/http/escape-html';
import { SANDBOX_PAGE_CSP } from '../../server/services/payments/sandbox/pages';
import { createSandboxGateway, type SandboxGateway } from '../../server/services/payments/sandbox/sandbox-gateway';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { verifyWebhook } from '../../server/services/payments/sandbox/webhook-signature';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let logs = '';
/** Another handle on the sandbox (same database): it creates the charges a donation would. */
let sandbox: SandboxGateway;
/** Requests that reached our webhook endpoint, with the status it answered. */
const webhookCalls: Array<{ signature: string | undefined; statusCode: number }> = [];

const TOKENS = '/sandbox-gateway/v1/tokens';
const goodCard = {
  card_number: '4111 1111 1111 1111',
  exp_date: '12/35',
  cvv: '987',
  holder_name: 'Maria Silva',
  holder_document: '529.982.247-25',
};
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  ctx = await createTestContext({ LOG_LEVEL: 'trace' }, { logStream: stream });
  ctx.app.addHook('onResponse', async (request, reply) => {
    if (request.url === '/api/v1/payments/webhooks/sandbox') {
      webhookCalls.push({ signature: request.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined, statusCode: reply.statusCode });
    }
  });
  sandbox = createSandboxGateway({
    db: ctx.database.db,
    clock: ctx.clock,
    webhookSecret: ctx.config.payments.webhookSecret,
    pix: ctx.config.payments.pix,
    deliverWebhook: async () => 204,
  });
});
afterAll(() => ctx.close());

const tokenCount = async () => (await ctx.database.db.select({ n: count() }).from(sandboxCardTokens))[0]!.n;
const html = (url: string) => call(ctx.app, 'GET', url, undefined, { headers: { accept: 'text/html' } });

describe('POST /sandbox-gateway/v1/tokens', () => {
  it('tokenises a valid card: 201 with the token, brand, last four, expiry and holder', async () => {
    const response = await call(ctx.app, 'POST', TOKENS, goodCard);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = cardTokenSchema.parse(response.json());
    expect(token).toEqual({
      token: expect.stringMatching(/^tok_/),
      brand: 'visa',
      last4: '1111',
      exp_month: 12,
      exp_year: 2035,
      holder_name: 'Maria Silva',
    });
    expect(Object.keys(response.json()).sort()).toEqual(['brand', 'exp_month', 'exp_year', 'holder_name', 'last4', 'token']);
  });

  it('answers 400 with every field message, translated, and keeps nothing', async () => {
    const before = await tokenCount();
    const empty = await call(ctx.app, 'POST', TOKENS, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'validation.failed',
      message: [
        'O número do cartão é obrigatório',
        'A validade é obrigatória',
        'O código de segurança é obrigatório',
        'O nome do titular é obrigatório',
        'O CPF ou CNPJ do titular é obrigatório',
      ],
    });
    const english = await call(ctx.app, 'POST', TOKENS, {}, { locale: 'en' });
    expect(english.json().message).toContain('The card number is required');

    const cases: Array<[Record<string, string>, string]> = [
      [{ card_number: '4111 1111 1111 1112' }, 'Número de cartão inválido'],
      [{ card_number: '1234' }, 'Número de cartão inválido'],
      [{ exp_date: '13/30' }, 'Validade inválida'],
      [{ exp_date: '01/20' }, 'Cartão vencido'],
      [{ cvv: '12' }, 'Código de segurança inválido'],
      [{ card_number: SANDBOX_TEST_CARDS.amexApproved.number, cvv: '123' }, 'Código de segurança inválido'],
      [{ holder_name: 'Maria 2' }, 'O nome deve conter apenas letras'],
      [{ holder_document: '111.111.111-11' }, 'CPF inválido'],
      [{ holder_document: '12.ABC.345/01DE-36' }, 'CNPJ inválido'],
    ];
    for (const [change, message] of cases) {
      const response = await call(ctx.app, 'POST', TOKENS, { ...goodCard, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toEqual({ code: 'validation.failed', message: [message] });
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: { 'content-type': 'application/json' },
      payload: '{"card_number":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ code: 'validation.failed', message: 'Dados inválidos' });
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a valid number of a brand it does not know: 400 card.not_accepted, translated, and keeps nothing', async () => {
    const before = await tokenCount();
    // Both pass cardInputSchema (13 to 19 digits, Luhn); neither BIN is in the sandbox's brand table.
    for (const card_number of ['9000 0000 0000 0001', '5031 4332 1540 6351']) {
      const response = await call(ctx.app, 'POST', TOKENS, { ...goodCard, card_number });
      expect(response.statusCode, card_number).toBe(400);
      expect(response.json(), card_number).toEqual({
        code: 'card.not_accepted',
        message: 'Este cartão não é aceito aqui. Use outro cartão ou o PIX.',
      });
    }
    const english = await call(ctx.app, 'POST', TOKENS, { ...goodCard, card_number: '9000 0000 0000 0001' }, { locale: 'en' });
    expect(english.json()).toEqual({ code: 'card.not_accepted', message: 'This card is not accepted here. Use another card or PIX.' });
    const spanish = await call(ctx.app, 'POST', TOKENS, { ...goodCard, card_number: '9000 0000 0000 0001' }, { locale: 'es' });
    expect(spanish.json()).toEqual({ code: 'card.not_accepted', message: 'Esta tarjeta no se acepta aquí. Usa otra tarjeta o PIX.' });
    expect(await tokenCount()).toBe(before);
  });

  it('never lets the card number or CVV reach the log, even in a malformed body', async () => {
    await call(ctx.app, 'POST', TOKENS, { ...goodCard, card_number: '5555555555554444', cvv: '731' });
    await call(ctx.app, 'POST', TOKENS, { ...goodCard, card_number: '5555555555554444', cvv: '7319' });
    // Node's JSON.parse quotes short malformed input in its error message; the log must not carry it.
    for (const payload of ['{"card_number":"5555555555554444","cvv":"731",', "'5555555555554444'", '["5555555555554444", "731", x]']) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: TOKENS, headers: { 'content-type': 'application/json' }, payload })).statusCode,
      ).toBe(400);
    }
    await ctx.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: { 'content-type': 'text/plain' },
      payload: 'card_number=5555555555554444&cvv=731',
    });
    expect(logs).toContain('/sandbox-gateway/v1/tokens');
    // Timings are the log's own numbers: a response time of 1.6267319… holds '7319' by chance.
    const logged = logs.replace(/"(?:time|responseTime)":[\d.]+/g, '');
    for (const secret of ['5555555555554444', '555555555555', '"731"', 'cvv=731', '7319', '52998224725'])
      expect(logged, `logs contain ${secret}`).not.toContain(secret);
  });
});

describe('sandbox PIX page', () => {
  const createPix = (description = 'Doação <script>alert("x")</script> & cia') =>
    sandbox.createPixCharge({
      idempotencyKey: randomUUID(),
      amountCents: 12345,
      description,
      expiresAt: new Date(ctx.clock.now().getTime() + 30 * 60_000),
    });

  it('shows the amount, the BR Code and a "Simular pagamento" button, escaped, under its own CSP', async () => {
    const pix = await createPix();
    const response = await html(`/sandbox-gateway/pix/${pix.txid}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(SANDBOX_PAGE_CSP);
    expect(response.body).toContain('<html lang="pt-BR">');
    expect(response.body).toContain('R$\u00a0123,45');
    expect(response.body).toContain(escapeHtml(pix.brCode));
    expect(response.body).toContain('Aguardando pagamento');
    expect(response.body).toContain(
      `<form method="post" action="/sandbox-gateway/pix/${pix.txid}/pay"><button type="submit">Simular pagamento</button>`,
    );
    expect(response.body).toContain('Doação &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; cia');
    expect(response.body).not.toContain('<script>');
  });

  it('pays through the button: 303 back to the page, which then shows "Pago", after a signed webhook to our endpoint', async () => {
    const pix = await createPix('Cozinha');
    const paid = await call(ctx.app, 'POST', `/sandbox-gateway/pix/${pix.txid}/pay`, '', { headers: form });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/sandbox-gateway/pix/${pix.txid}`);
    const page = await html(`/sandbox-gateway/pix/${pix.txid}`);
    expect(page.body).toContain('data-status="succeeded">Pago<');
    expect(page.body).not.toContain('Simular pagamento');

    // The webhook went through our API's route, signed with the configured secret.
    const [event] = await ctx.database.db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.paymentId, pix.txid));
    const call0 = webhookCalls.at(-1)!;
    expect(
      verifyWebhook(
        event!.body,
        { [WEBHOOK_SIGNATURE_HEADER]: call0.signature },
        { secrets: ctx.config.payments.webhookSecret, clock: ctx.clock },
      ),
    ).toMatchObject({
      type: 'payment.succeeded',
      gatewayRef: pix.txid,
      amountCents: 12345,
    });
    const [attempt] = await ctx.database.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, event!.id));
    expect(attempt!.statusCode).toBe(call0.statusCode);
  });

  it('JSON simulate-payment: 200 with the status; 404 unknown; 409 once expired, and stays unpaid', async () => {
    const pix = await createPix();
    const paid = await call(ctx.app, 'POST', `/sandbox-gateway/v1/pix/${pix.txid}/simulate-payment`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded' });
    expect((await call(ctx.app, 'POST', `/sandbox-gateway/v1/pix/${pix.txid}/simulate-payment`)).json()).toEqual({ status: 'succeeded' });

    const unknown = await call(ctx.app, 'POST', '/sandbox-gateway/v1/pix/NOSUCHTXID/simulate-payment');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Não encontramos o que você procurou.' });
    expect((await call(ctx.app, 'POST', '/sandbox-gateway/v1/pix/bad-txid!/simulate-payment')).statusCode).toBe(404);

    const late = await createPix();
    ctx.clock.advance(30 * 60_000);
    const expired = await call(ctx.app, 'POST', `/sandbox-gateway/v1/pix/${late.txid}/simulate-payment`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ code: 'payment.pix_expired', message: 'O prazo deste PIX acabou. Gere um novo código.' });
    const viaButton = await call(ctx.app, 'POST', `/sandbox-gateway/pix/${late.txid}/pay`, '', { headers: form });
    expect(viaButton.statusCode).toBe(409);
    expect(viaButton.body).toContain('Expirado');
    const [row] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, late.txid));
    expect(row!.status).toBe('expired');
  });

  it('answers an unknown charge with a 404 page', async () => {
    const response = await html('/sandbox-gateway/pix/NOSUCHTXID');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toBe(SANDBOX_PAGE_CSP);
    expect(response.body).toContain('PIX não encontrado');
  });
});

describe('sandbox PayPal approval page', () => {
  const createOrder = () =>
    sandbox.createPaypalOrder({
      idempotencyKey: randomUUID(),
      amountCents: 2500,
      description: 'Gift for "Cozinha" <b>now</b>',
      returnUrl: '/doacao-confirmacao/agradecimento?amount=2500',
      cancelUrl: '/cozinha/donate?error=payment.paypal_cancelled',
    });

  it('shows the amount with "Aprovar pagamento" and "Cancelar", escaped, under its own CSP', async () => {
    const order = await createOrder();
    const response = await html(order.approveUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(SANDBOX_PAGE_CSP);
    expect(response.body).toContain('PayPal (sandbox)');
    expect(response.body).toContain('R$\u00a025,00');
    expect(response.body).toContain('Aprovar pagamento');
    expect(response.body).toContain('Cancelar');
    expect(response.body).toContain('Gift for &quot;Cozinha&quot; &lt;b&gt;now&lt;/b&gt;');
  });

  it('approving redirects (303) to the return path; the order is then paid', async () => {
    const order = await createOrder();
    const approved = await call(ctx.app, 'POST', order.approveUrl, '', { headers: form });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe('/doacao-confirmacao/agradecimento?amount=2500');
    const [row] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order.gatewayRef));
    expect(row!.status).toBe('succeeded');
    // Cancelling after approval is refused.
    const cancel = await call(ctx.app, 'POST', `/sandbox-gateway/paypal/orders/${order.gatewayRef}/cancel`, '', { headers: form });
    expect(cancel.statusCode).toBe(409);
  });

  it('cancelling redirects (303) to the cancel path; approving afterwards is refused', async () => {
    const order = await createOrder();
    const cancelled = await call(ctx.app, 'POST', `/sandbox-gateway/paypal/orders/${order.gatewayRef}/cancel`, '', { headers: form });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/cozinha/donate?error=payment.paypal_cancelled');
    const approve = await call(ctx.app, 'POST', order.approveUrl, '', { headers: form });
    expect(approve.statusCode).toBe(409);
    expect(approve.body).toContain('Pedido cancelado');
    const [event] = await ctx.database.db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.paymentId, order.gatewayRef));
    expect(event!.type).toBe('payment.failed');
  });

  it('answers an unknown order with a 404 page', async () => {
    expect((await html('/sandbox-gateway/paypal/orders/PAY-NOSUCHORDER/approve')).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', '/sandbox-gateway/paypal/orders/not-an-id/approve', '', { headers: form })).statusCode).toBe(404);
  });
});

describe('sandbox charges under concurrency', () => {
  it('charges once for 50 concurrent calls with the same idempotency key', async () => {
    const { token } = (await call(ctx.app, 'POST', TOKENS, goodCard)).json();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => sandbox.chargeCard({ idempotencyKey: key, amountCents: 5000, cardToken: token, description: 'x' })),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]!.status).toBe('succeeded');
    expect((await ctx.database.db.select({ n: count() }).from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, key)))[0]!.n).toBe(
      1,
    );
  });
});

describe('sandbox card charges', () => {
  const tokenFor = async (card_number: string, exp_date = '12/35'): Promise<string> =>
    (await call(ctx.app, 'POST', TOKENS, { ...goodCard, card_number, exp_date })).json().token;
  const charge = (cardToken: string, idempotencyKey: string = randomUUID()) =>
    sandbox.chargeCard({ idempotencyKey, amountCents: 2500, cardToken, description: 'Doação' });

  it("answers each test card's outcome with its brand and last four", async () => {
    expect(await charge(await tokenFor(goodCard.card_number))).toMatchObject({ status: 'succeeded', brand: 'visa', last4: '1111' });
    expect(await charge(await tokenFor(SANDBOX_TEST_CARDS.declined.number))).toMatchObject({
      status: 'failed',
      failureCode: 'payment.declined',
      last4: '0002',
    });
    expect(await charge(await tokenFor(SANDBOX_TEST_CARDS.insufficientFunds.number))).toMatchObject({
      status: 'failed',
      failureCode: 'payment.insufficient_funds',
    });
  });

  it('spends a one-time token once; a key already charged spends no other token', async () => {
    const first = await tokenFor(goodCard.card_number);
    const key = randomUUID();
    const charged = await charge(first, key);
    expect(await charge(first)).toMatchObject({ status: 'failed', failureCode: 'card.token_invalid' });
    const second = await tokenFor(goodCard.card_number);
    // The same key again, with another card: the first charge answers, and the other card stays usable.
    expect(await charge(second, key)).toEqual(charged);
    expect(await charge(second)).toMatchObject({ status: 'succeeded' });
  });

  it('declines a saved card once its month has ended, and charges it until then', async () => {
    const now = ctx.clock.now();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    const saved = await sandbox.saveCard({ cardToken: await tokenFor(goodCard.card_number, thisMonth), customerRef: randomUUID() });
    expect(await charge(saved.token)).toMatchObject({ status: 'succeeded' });
    expect(await charge(saved.token)).toMatchObject({ status: 'succeeded' });
    ctx.clock.advance(32 * 24 * 60 * 60 * 1000);
    expect(await charge(saved.token)).toMatchObject({ status: 'failed', failureCode: 'payment.declined' });
  });
});
