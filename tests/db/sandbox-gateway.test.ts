import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardInputSchema } from '../../contracts/cards';
import { sandboxCardTokens, sandboxPayments, sandboxWebhookDeliveries, sandboxWebhookEvents } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/types';
import { parsePixBrCode } from '../../server/services/payments/pix/br-code';
import {
  CardTokenInvalidError,
  createSandboxGateway,
  ONE_TIME_TOKEN_TTL_MS,
  type SandboxGateway,
} from '../../server/services/payments/sandbox/sandbox-gateway';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { WEBHOOK_RETRY_DELAYS_MS, type Scheduler } from '../../server/services/payments/sandbox/webhook-outbox';
import { verifyWebhook } from '../../server/services/payments/sandbox/webhook-signature';
import { TestClock } from '../api/helpers/test-app';
import { openTestDatabase } from '../api/helpers/test-database';

const SECRET = 'sandbox-test-webhook-secret-long-enough-123';
const PIX = { key: 'pix@semear.dev', merchantName: 'SEMEAR DOAÇÕES', merchantCity: 'SÃO PAULO' };

let handle: DatabaseHandle;
let clock: TestClock;
let gateway: SandboxGateway;
/** What our webhook endpoint received, and what it answers next. */
let received: Array<{ body: string; headers: Record<string, string> }>;
let answer: number;
let scheduled: number[];

const scheduler: Scheduler = {
  // Retries are driven by hand through deliverDueWebhooks(); the delays are what the tests check.
  after(ms) {
    scheduled.push(ms);
    return { cancel: () => undefined };
  },
};

beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(() => handle.close());

beforeEach(async () => {
  // Card validation checks expiry against the real date, so the sandbox's clock starts there too.
  clock = new TestClock();
  // Each test sees only its own webhooks.
  await handle.db.delete(sandboxWebhookEvents);
  received = [];
  answer = 204;
  scheduled = [];
  gateway = createSandboxGateway({
    db: handle.db,
    clock,
    webhookSecret: SECRET,
    pix: PIX,
    scheduler,
    deliverWebhook: async (body, headers) => {
      received.push({ body, headers });
      return answer;
    },
  });
});

const events = () => received.map(({ body, headers }) => verifyWebhook(body, headers, { secrets: SECRET, clock }));

async function tokenize(card: { number: string; cvv: string }, expDate = '12/35') {
  const input = cardInputSchema.parse({
    card_number: card.number,
    exp_date: expDate,
    cvv: card.cvv,
    holder_name: 'Maria Silva',
    holder_document: '529.982.247-25',
  });
  return gateway.tokenizeCard(input);
}

const charge = (cardToken: string, idempotencyKey = randomUUID(), amountCents = 5000) =>
  gateway.chargeCard({ idempotencyKey, amountCents, cardToken, description: 'Doação' });

describe('sandbox card tokens', { timeout: 30_000 }, () => {
  it('keeps brand, last four, expiry and holder, and never the number or CVV', async () => {
    const token = await tokenize(SANDBOX_TEST_CARDS.visaApproved);
    expect(token).toMatchObject({ brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2035, holder_name: 'Maria Silva' });
    expect(token.token).toMatch(/^tok_[A-Za-z0-9]{24}$/);
    const [row] = await handle.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token.token));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('52998224725');
    expect(Object.keys(row!)).not.toContain('cvv');
  });

  it.each([
    ['Visa', SANDBOX_TEST_CARDS.visaApproved, 'visa', '1111'],
    ['Mastercard', SANDBOX_TEST_CARDS.mastercardApproved, 'mastercard', '4444'],
    ['Amex', SANDBOX_TEST_CARDS.amexApproved, 'amex', '0005'],
    ['any other valid card', { number: '4242424242424242', cvv: '321' }, 'visa', '4242'],
  ])('approves %s', async (_name, card, brand, last4) => {
    const result = await charge((await tokenize(card)).token);
    expect(result).toEqual({ status: 'succeeded', gatewayRef: expect.stringMatching(/^ch_/), brand, last4 });
  });

  it.each([
    ['declined', SANDBOX_TEST_CARDS.declined, 'payment.declined', '0002'],
    ['insufficient funds', SANDBOX_TEST_CARDS.insufficientFunds, 'payment.insufficient_funds', '9995'],
  ])('fails the %s test card', async (_name, card, failureCode, last4) => {
    const result = await charge((await tokenize(card)).token);
    expect(result).toEqual({ status: 'failed', gatewayRef: expect.stringMatching(/^ch_/), failureCode, brand: 'visa', last4 });
  });

  it('charges a one-time token once', async () => {
    const { token } = await tokenize(SANDBOX_TEST_CARDS.visaApproved);
    expect(await gateway.describeCard(token)).toMatchObject({ token, brand: 'visa', last4: '1111' });
    expect((await charge(token)).status).toBe('succeeded');
    expect(await gateway.describeCard(token)).toBeNull();
    expect(await charge(token)).toMatchObject({ status: 'failed', failureCode: 'card.token_invalid' });
  });

  it('refuses a one-time token after 15 minutes, and an unknown token', async () => {
    const { token } = await tokenize(SANDBOX_TEST_CARDS.visaApproved);
    clock.advance(ONE_TIME_TOKEN_TTL_MS);
    expect(await gateway.describeCard(token)).toBeNull();
    expect(await charge(token)).toMatchObject({ status: 'failed', failureCode: 'card.token_invalid', brand: null, last4: null });
    expect(await charge('tok_doesnotexist')).toMatchObject({ status: 'failed', failureCode: 'card.token_invalid' });
    expect(await charge('4111111111111111')).toMatchObject({ status: 'failed', failureCode: 'card.token_invalid' });
  });

  it('answers a repeated charge with the first result and charges once, also when the calls race', async () => {
    const { token } = await tokenize(SANDBOX_TEST_CARDS.visaApproved);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => charge(token, key)));
    expect(new Set(results.map((r) => r.gatewayRef)).size).toBe(1);
    expect(results.every((r) => r.status === 'succeeded')).toBe(true);
    expect(await charge(token, key)).toEqual(results[0]);
    expect(await handle.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, key))).toHaveLength(1);
    expect(await gateway.lookup(key)).toEqual({ gatewayRef: results[0]!.gatewayRef, kind: 'card', status: 'succeeded', amountCents: 5000 });
  });

  it('keeps a failed first answer for its key', async () => {
    const key = randomUUID();
    const first = await charge((await tokenize(SANDBOX_TEST_CARDS.declined)).token, key);
    const again = await charge((await tokenize(SANDBOX_TEST_CARDS.visaApproved)).token, key);
    expect(again).toEqual(first);
    expect(await gateway.lookup(key)).toMatchObject({ status: 'failed', failureCode: 'payment.declined' });
  });

  it('refuses to reuse a key for another amount (a bug, not a donor error)', async () => {
    const key = randomUUID();
    await charge((await tokenize(SANDBOX_TEST_CARDS.visaApproved)).token, key, 5000);
    await expect(charge((await tokenize(SANDBOX_TEST_CARDS.visaApproved)).token, key, 6000)).rejects.toThrow(/first used/);
  });

  it('saves a card for a customer, even once its one-time token was charged, and charges it again and again', async () => {
    const { token } = await tokenize(SANDBOX_TEST_CARDS.mastercardApproved);
    expect((await charge(token)).status).toBe('succeeded');
    const saved = await gateway.saveCard({ cardToken: token, customerRef: 'user-1' });
    expect(saved).toEqual({
      token: expect.stringMatching(/^card_/),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2035,
      holderName: 'Maria Silva',
      // The first six digits: what the card-testing fingerprint is keyed on, never the whole number.
      bin: '555555',
    });
    expect(await gateway.saveCard({ cardToken: token, customerRef: 'user-1' })).toEqual(saved);
    expect(await gateway.saveCard({ cardToken: saved.token, customerRef: 'user-1' })).toEqual(saved);
    await expect(gateway.saveCard({ cardToken: saved.token, customerRef: 'user-2' })).rejects.toBeInstanceOf(CardTokenInvalidError);
    expect((await charge(saved.token)).status).toBe('succeeded');
    expect((await charge(saved.token)).status).toBe('succeeded');
    clock.advance(ONE_TIME_TOKEN_TTL_MS * 10);
    expect(await gateway.describeCard(saved.token)).toEqual(saved);
  });

  it('refuses to save an expired or unknown token', async () => {
    const { token } = await tokenize(SANDBOX_TEST_CARDS.visaApproved);
    clock.advance(ONE_TIME_TOKEN_TTL_MS + 1);
    await expect(gateway.saveCard({ cardToken: token, customerRef: 'user-1' })).rejects.toBeInstanceOf(CardTokenInvalidError);
    await expect(gateway.saveCard({ cardToken: 'tok_unknown', customerRef: 'user-1' })).rejects.toBeInstanceOf(CardTokenInvalidError);
  });

  it('declines a saved card once its expiry month has passed', async () => {
    const nextYear = clock.now().getUTCFullYear() + 1;
    const { token } = await tokenize(SANDBOX_TEST_CARDS.visaApproved, `12/${String(nextYear).slice(2)}`);
    const saved = await gateway.saveCard({ cardToken: token, customerRef: 'user-1' });
    expect((await charge(saved.token)).status).toBe('succeeded');
    clock.advance(2 * 366 * 24 * 3600 * 1000);
    expect(await charge(saved.token)).toMatchObject({ status: 'failed', failureCode: 'payment.declined' });
  });
});

describe('sandbox PIX charges', { timeout: 30_000 }, () => {
  const createPix = (idempotencyKey = randomUUID(), expiresInMs = 30 * 60 * 1000) =>
    gateway.createPixCharge({
      idempotencyKey,
      amountCents: 12345,
      description: 'Doação para Cozinha Solidária',
      expiresAt: new Date(clock.now().getTime() + expiresInMs),
    });

  it('carries a valid BR Code with the amount, the txid as gateway reference, and a QR image', async () => {
    const pix = await createPix();
    const parsed = parsePixBrCode(pix.brCode);
    expect(parsed).toMatchObject({
      key: 'pix@semear.dev',
      amountCents: 12345,
      txid: pix.txid,
      merchantName: 'SEMEAR DOACOES',
      merchantCity: 'SAO PAULO',
      currency: '986',
      country: 'BR',
    });
    expect(pix.gatewayRef).toBe(pix.txid);
    expect(pix.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(pix.qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it('answers the same charge for the same key', async () => {
    const key = randomUUID();
    const first = await createPix(key);
    const [again, raced] = await Promise.all([createPix(key), createPix(key)]);
    expect(again).toEqual(first);
    expect(raced).toEqual(first);
  });

  it('is pending until paid, then succeeded, announced once by a signed webhook', async () => {
    const key = randomUUID();
    const pix = await createPix(key);
    expect(await gateway.lookup(key)).toEqual({ gatewayRef: pix.txid, kind: 'pix', status: 'pending', amountCents: 12345 });
    expect((await gateway.simulatePixPayment(pix.txid))?.status).toBe('succeeded');
    expect((await gateway.simulatePixPayment(pix.txid))?.status).toBe('succeeded');
    expect(await gateway.lookup(key)).toMatchObject({ status: 'succeeded' });
    expect(events()).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'payment.succeeded',
        idempotencyKey: key,
        gatewayRef: pix.txid,
        amountCents: 12345,
        occurredAt: expect.any(Date),
      },
    ]);
    expect(await gateway.simulatePixPayment('UNKNOWNTXID')).toBeNull();
  });

  it('expires unpaid past its expiry, announces it, and can no longer be paid', async () => {
    const key = randomUUID();
    const pix = await createPix(key, 60_000);
    clock.advance(60_000);
    expect(await gateway.lookup(key)).toMatchObject({ status: 'expired' });
    expect((await gateway.simulatePixPayment(pix.txid))?.status).toBe('expired');
    expect(await gateway.deliverDueWebhooks()).toBe(1);
    expect(events().map((e) => e?.type)).toEqual(['payment.expired']);
  });

  it('is paid just before its expiry', async () => {
    const pix = await createPix(randomUUID(), 60_000);
    clock.advance(59_999);
    expect((await gateway.simulatePixPayment(pix.txid))?.status).toBe('succeeded');
  });
});

describe('sandbox PayPal orders', { timeout: 30_000 }, () => {
  const createOrder = (idempotencyKey = randomUUID()) =>
    gateway.createPaypalOrder({
      idempotencyKey,
      amountCents: 2500,
      description: 'Donation',
      returnUrl: '/doacao-confirmacao/agradecimento?amount=2500',
      cancelUrl: '/cozinha/donate?error=payment.paypal_cancelled',
    });

  it('gives an approval page address; approving succeeds and announces it', async () => {
    const key = randomUUID();
    const order = await createOrder(key);
    expect(order.approveUrl).toBe(`/sandbox-gateway/paypal/orders/${order.gatewayRef}/approve`);
    expect(await createOrder(key)).toEqual(order);
    const approved = await gateway.approvePaypalOrder(order.gatewayRef);
    expect(approved).toMatchObject({ status: 'succeeded', returnUrl: '/doacao-confirmacao/agradecimento?amount=2500' });
    expect(await gateway.lookup(key)).toMatchObject({ kind: 'paypal', status: 'succeeded', amountCents: 2500 });
    expect(events().map((e) => [e?.type, e?.idempotencyKey])).toEqual([['payment.succeeded', key]]);
  });

  it('cancelling fails the order and announces payment.failed; it cannot be approved afterwards', async () => {
    const key = randomUUID();
    const order = await createOrder(key);
    expect(await gateway.cancelPaypalOrder(order.gatewayRef)).toMatchObject({
      status: 'failed',
      cancelUrl: '/cozinha/donate?error=payment.paypal_cancelled',
    });
    expect((await gateway.approvePaypalOrder(order.gatewayRef))?.status).toBe('failed');
    expect(events().map((e) => e?.type)).toEqual(['payment.failed']);
  });

  it('accepts only return and cancel paths on this site', async () => {
    const base = { idempotencyKey: randomUUID(), amountCents: 2500, description: 'Donation' };
    await expect(gateway.createPaypalOrder({ ...base, returnUrl: 'https://evil.example/x', cancelUrl: '/ok' })).rejects.toThrow(
      /paths on this site/,
    );
    await expect(gateway.createPaypalOrder({ ...base, returnUrl: '/ok', cancelUrl: '//evil.example/x' })).rejects.toThrow(
      /paths on this site/,
    );
  });
});

describe('sandbox refunds', { timeout: 30_000 }, () => {
  it('refunds a succeeded payment in full once per key, and announces it', async () => {
    const key = randomUUID();
    const paid = await charge((await tokenize(SANDBOX_TEST_CARDS.visaApproved)).token, key);
    const refund = await gateway.refund({ idempotencyKey: 'refund-1-' + key, gatewayRef: paid.gatewayRef!, amountCents: 5000 });
    expect(refund).toEqual({ gatewayRef: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(await gateway.refund({ idempotencyKey: 'refund-1-' + key, gatewayRef: paid.gatewayRef!, amountCents: 5000 })).toEqual(refund);
    // A second refund under another key finds nothing left to refund.
    expect(await gateway.refund({ idempotencyKey: 'refund-2-' + key, gatewayRef: paid.gatewayRef!, amountCents: 5000 })).toMatchObject({
      status: 'failed',
    });
    expect(await gateway.lookup(key)).toMatchObject({ status: 'refunded' });
    // The charge call replayed still answers what the charge answered.
    expect(await charge('tok_whatever', key)).toEqual(paid);
    expect(await gateway.deliverDueWebhooks()).toBe(1);
    expect(events()).toEqual([
      expect.objectContaining({ type: 'payment.refunded', idempotencyKey: key, gatewayRef: paid.gatewayRef, amountCents: 5000 }),
    ]);
  });

  it('refunds a paid PIX charge in parts, never more than it captured; refuses a failed payment and an unknown reference', async () => {
    const pixKey = randomUUID();
    const pix = await gateway.createPixCharge({
      idempotencyKey: pixKey,
      amountCents: 1000,
      description: 'x',
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    await gateway.simulatePixPayment(pix.txid);
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: pix.txid, amountCents: 1001 })).toMatchObject({
      status: 'failed',
      failureCode: 'refund.exceeds_captured',
    });
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: pix.txid, amountCents: 400 })).toMatchObject({
      status: 'succeeded',
    });
    // 600 are left: more is refused, the rest goes through.
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: pix.txid, amountCents: 601 })).toMatchObject({
      status: 'failed',
      failureCode: 'refund.exceeds_captured',
    });
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: pix.txid, amountCents: 600 })).toMatchObject({
      status: 'succeeded',
    });
    // Refunded in full: nothing more can be refunded of it.
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: pix.txid, amountCents: 1 })).toMatchObject({
      status: 'failed',
      failureCode: 'refund.payment_not_refundable',
    });
    const declined = await charge((await tokenize(SANDBOX_TEST_CARDS.declined)).token);
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: declined.gatewayRef!, amountCents: 5000 })).toMatchObject({
      status: 'failed',
      failureCode: 'refund.payment_not_refundable',
    });
    expect(await gateway.refund({ idempotencyKey: randomUUID(), gatewayRef: 'ch_unknown', amountCents: 5000 })).toMatchObject({
      status: 'failed',
      failureCode: 'refund.payment_unknown',
    });
  });

  it('refuses refunds of the test card closed after its charge, with that reason, the same on a retry', async () => {
    const paid = await charge((await tokenize(SANDBOX_TEST_CARDS.refundFails)).token);
    expect(paid.status).toBe('succeeded');
    const key = randomUUID();
    const refused = await gateway.refund({ idempotencyKey: key, gatewayRef: paid.gatewayRef!, amountCents: 1000 });
    expect(refused).toEqual({ gatewayRef: expect.stringMatching(/^re_/), status: 'failed', failureCode: 'refund.card_closed' });
    expect(await gateway.refund({ idempotencyKey: key, gatewayRef: paid.gatewayRef!, amountCents: 1000 })).toEqual(refused);
  });
});

describe('sandbox webhook delivery', { timeout: 30_000 }, () => {
  it('records each attempt and retries a failed delivery with backoff until our endpoint takes it', async () => {
    answer = 500;
    const pix = await gateway.createPixCharge({
      idempotencyKey: randomUUID(),
      amountCents: 700,
      description: 'x',
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    expect((await gateway.simulatePixPayment(pix.txid))?.status).toBe('succeeded');
    expect(scheduled).toEqual([WEBHOOK_RETRY_DELAYS_MS[0]]);
    // Not due yet: nothing is sent.
    expect(await gateway.deliverDueWebhooks()).toBe(0);
    expect(received).toHaveLength(1);
    clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    answer = 204;
    expect(await gateway.deliverDueWebhooks()).toBe(1);
    expect(received).toHaveLength(2);
    // The same event and bytes, signed afresh.
    expect(received[1]!.body).toBe(received[0]!.body);
    const [event] = await handle.db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.paymentId, pix.txid));
    expect(event).toMatchObject({ attempts: 2, deliveredAt: clock.now(), nextAttemptAt: null });
    const attempts = await handle.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, event!.id));
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 204],
    ]);
  });

  it('gives up after the last retry, and records a receiver that throws', async () => {
    answer = 503;
    const pix = await gateway.createPixCharge({
      idempotencyKey: randomUUID(),
      amountCents: 700,
      description: 'x',
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    await gateway.simulatePixPayment(pix.txid);
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      clock.advance(delay);
      await gateway.deliverDueWebhooks();
    }
    clock.advance(24 * 3600 * 1000);
    expect(await gateway.deliverDueWebhooks()).toBe(0);
    expect(received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    expect(scheduled).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);

    const throwing = createSandboxGateway({
      db: handle.db,
      clock,
      webhookSecret: SECRET,
      pix: PIX,
      scheduler,
      deliverWebhook: () => Promise.reject(new Error('connection refused')),
    });
    const other = await throwing.createPixCharge({
      idempotencyKey: randomUUID(),
      amountCents: 700,
      description: 'x',
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    expect((await throwing.simulatePixPayment(other.txid))?.status).toBe('succeeded');
    const [event] = await handle.db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.paymentId, other.txid));
    const [attempt] = await handle.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, event!.id));
    expect(attempt).toMatchObject({ attempt: 1, statusCode: null, error: 'connection refused' });
  });
});
