import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionResultSchema } from '../../contracts';
import { savedCards, subscriptionCharges } from '../../server/db/schema';
import { accountBalance } from '../../server/services/ledger';
import { chargeDueSubscriptions } from '../../server/services/subscriptions/charge-due';
import type { MercadoPagoStandIn } from '../support/stand-ins/mercadopago';
import { MERCADOPAGO_TEST_CARDS } from '../support/stand-ins/mercadopago/test-cards';
import { newSession } from './helpers/fixtures';
import {
  brazilianAddress,
  campaignRaised,
  createCampaign,
  donationRecords,
  donationBody,
  give,
  moneyRowCounts,
  newKey,
  personContact,
} from './helpers/giving';
import { MP_ACCESS_TOKEN, MP_PUBLIC_KEY, MP_WEBHOOK_SECRET, mercadoPagoApp, mercadoPagoBrowserToken } from './helpers/mercadopago-app';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * PAYMENT_CARD_PROVIDER=mercadopago against the stand-in that speaks Mercado Pago's documented API over
 * real HTTP: the browser's token (made at the stand-in with the public key, as its script does), the
 * payment our API creates with it, every outcome the donor can meet, and cards kept for monthly giving
 * (docs/payments.md, "Mercado Pago cards").
 */
const ACCESS_TOKEN = MP_ACCESS_TOKEN;
const PUBLIC_KEY = MP_PUBLIC_KEY;
const WEBHOOK_SECRET = MP_WEBHOOK_SECRET;
let ctx: TestContext;
let mp: MercadoPagoStandIn;
let app: FastifyInstance;
let webhookUrl: string;
let campaign: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ mp, app, webhookUrl } = await mercadoPagoApp(ctx));
  campaign = await createCampaign(ctx.database.db);
});
afterAll(async () => {
  await mp.control.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const { paymentOf, statusOf, groupsOf } = donationRecords(db);

const browserToken = (holder?: string, number?: string) => mercadoPagoBrowserToken(mp, holder, number, PUBLIC_KEY);

const paymentRequests = (paymentId: string) =>
  mp.control.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments' && r.headers['x-idempotency-key'] === paymentId);

async function cardGift(amount: number, holder?: string, key = newKey()) {
  const token = await browserToken(holder);
  return give(app, campaign.slug, donationBody({ method: 'card', card_token: token, save_card: false }, { amount }), { key });
}

describe('cards through Mercado Pago', () => {
  it('the browser learns which script tokenises cards, with the public key only, and the page may load it', async () => {
    const config = await call(app, 'GET', '/api/v1/payments/config');
    expect(config.json()).toEqual({
      card: { provider: 'mercadopago', public_key: PUBLIC_KEY, sdk_url: `${mp.url}/js/v2` },
      monthly_pix: false,
    });
    expect(config.body).not.toContain(ACCESS_TOKEN);
    const page = await app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src[^;]*${mp.url.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`connect-src[^;]*${mp.url.replace(/[.:/]/g, '\\$&')}`));
    // The embedded sandbox's app keeps its own endpoint and no outside script.
    expect((await call(ctx.app, 'GET', '/api/v1/payments/config')).json()).toEqual({ card: { provider: 'sandbox' }, monthly_pix: false });
  });

  it('R$ 12,34 reaches Mercado Pago as 12.34 with the token, the card method, the payer and our key, and is recorded as 1234 cents', async () => {
    const raised = await campaignRaised(db(), campaign.id);
    const answer = await cardGift(1234);
    expect(answer.statusCode, answer.body).toBe(201);
    const donationId = answer.json().donation.id as string;
    const payment = await paymentOf(donationId);
    expect(payment).toMatchObject({ gateway: 'mercadopago', status: 'succeeded', cardBrand: 'visa', cardLast4: '5682' });
    const [sent] = paymentRequests(payment.id);
    expect(sent?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent?.body).toMatchObject({
      transaction_amount: 12.34,
      payment_method_id: 'visa',
      installments: 1,
      external_reference: payment.id,
      payer: { email: personContact.email, identification: { type: 'CPF', number: '52998224725' } },
    });
    expect(typeof (sent?.body as { token?: unknown }).token).toBe('string');
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(await campaignRaised(db(), campaign.id)).toBe(raised + 1234);
    // Nothing of the card but its brand and last four is ever sent to or kept by our API.
    expect(JSON.stringify(await paymentOf(donationId))).not.toContain(MERCADOPAGO_TEST_CARDS.visa);
  });

  it.each([
    ['mastercard', '5031 4332 1540 6351', 'master', 'mastercard'],
    ['visa', '4235 6477 2802 5682', 'visa', 'visa'],
    ['amex', '3753 651535 56885', 'amex', 'amex'],
    ['eloDebit', '5067 7667 8388 8311', 'debelo', 'elo'],
  ] as const)(
    'Mercado Pago test card %s (%s): paid as the method Mercado Pago names for its BIN (%s), shown as %s',
    async (card, _, method, brand) => {
      const number = MERCADOPAGO_TEST_CARDS[card];
      const answer = await give(
        app,
        campaign.slug,
        donationBody({ method: 'card', card_token: await browserToken('APRO', number), save_card: false }, { amount: 2000 }),
      );
      expect(answer.statusCode, answer.body).toBe(201);
      const donationId = answer.json().donation.id as string;
      const payment = await paymentOf(donationId);
      expect(payment).toMatchObject({ status: 'succeeded', cardBrand: brand, cardLast4: number.slice(-4) });
      expect(await statusOf(donationId)).toBe('confirmed');
      expect(paymentRequests(payment.id)[0]?.body).toMatchObject({ payment_method_id: method });
      // Mercado Pago was asked, with the access token, which method takes the card's first six digits.
      const asked = mp.control.requests.filter((r) => r.path === '/v1/payment_methods/search');
      expect(asked.some((r) => r.query.get('bins') === number.slice(0, 6) && r.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(
        true,
      );
    },
  );

  it('a card Mercado Pago takes no method for: 400 card.not_accepted saying so (not "expired"), nothing written', async () => {
    const before = await moneyRowCounts(db());
    const token = await browserToken('APRO', '7000000000000005');
    for (const locale of ['pt', 'en', 'es'] as const) {
      const answer = await give(app, campaign.slug, donationBody({ method: 'card', card_token: token, save_card: false }), { locale });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({
        code: 'card.not_accepted',
        message: {
          pt: 'Este cartão não é aceito aqui. Use outro cartão ou o PIX.',
          en: 'This card is not accepted here. Use another card or PIX.',
          es: 'Esta tarjeta no se acepta aquí. Usa otra tarjeta o PIX.',
        }[locale],
      });
    }
    expect(await moneyRowCounts(db())).toEqual(before);
  });

  it.each([
    ['FUND', 'payment.insufficient_funds', 'Saldo ou limite insuficiente'],
    ['SECU', 'payment.bad_security_code', 'código de segurança'],
    ['CALL', 'payment.call_for_authorize', 'Ligue para o banco'],
    ['OTHE', 'payment.declined', 'recusado'],
  ])('a card Mercado Pago refuses (%s) answers 402 %s with what to do, and moves no money', async (holder, code, text) => {
    const before = await campaignRaised(db(), campaign.id);
    const answer = await cardGift(2500, `${holder} Maria`);
    expect(answer.statusCode, answer.body).toBe(402);
    expect(answer.json().code).toBe(code);
    expect(answer.json().message).toContain(text);
    expect(await statusOf(answer.json().donation_id)).toBe('failed');
    expect(await campaignRaised(db(), campaign.id)).toBe(before);
  });

  it('in review (in_process): the donor is answered pending, and the approval notified later confirms it once', async () => {
    const answer = await cardGift(3300, 'CONT Maria');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ donation: { status: 'pending' }, payment: { method: 'card', status: 'pending' } });
    const donationId = answer.json().donation.id as string;
    const payment = await paymentOf(donationId);
    expect(await groupsOf(donationId)).toBe(0);
    // Notified while still in review: nothing confirmed.
    await mp.control.sendWebhook(payment.gatewayRef!, { secret: WEBHOOK_SECRET, url: webhookUrl });
    expect(await statusOf(donationId)).toBe('pending');
    mp.control.approve(payment.gatewayRef!);
    for (let i = 0; i < 2; i++) await mp.control.sendWebhook(payment.gatewayRef!, { secret: WEBHOOK_SECRET, url: webhookUrl });
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(await groupsOf(donationId)).toBe(1);
  });

  it('a token Mercado Pago does not know: 400 card.token_invalid, nothing written', async () => {
    const before = await moneyRowCounts(db());
    const answer = await give(
      app,
      campaign.slug,
      donationBody({ method: 'card', card_token: 'ffffffffffffffffffffffffffffffff', save_card: false }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('card.token_invalid');
    expect(await moneyRowCounts(db())).toEqual(before);
  });

  it('Mercado Pago answering 503 on create: a clear message, and the retry with the same key makes one payment', async () => {
    const key = newKey();
    const token = await browserToken();
    const body = donationBody({ method: 'card', card_token: token, save_card: false }, { amount: 4100 });
    mp.control.failNext({ status: 503, path: '/v1/payments' });
    const failed = await give(app, campaign.slug, body, { key });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: 'payment.provider_unavailable',
      message: 'O meio de pagamento não respondeu. Tente de novo em instantes.',
    });
    const retried = await give(app, campaign.slug, body, { key });
    expect(retried.statusCode, retried.body).toBe(201);
    const payment = await paymentOf(retried.json().donation.id);
    expect(payment.status).toBe('succeeded');
    expect(mp.control.paymentsFor(payment.id)).toHaveLength(1);
    expect(paymentRequests(payment.id)).toHaveLength(2);
  });

  it('a card kept for monthly giving is a Mercado Pago customer card, charged each month with no donor present, each fee booked', async () => {
    const fees = await accountBalance(db(), { kind: 'platform_fees' });
    const session = await newSession(app);
    const body = {
      amount: 5000,
      payment: { method: 'card', card_token: await browserToken() },
      contact: { ...personContact, email: session.user.email },
      address: { ...brazilianAddress },
    };
    const subscribed = await call(app, 'POST', '/api/v1/subscriptions', body, {
      token: session.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { subscription, charge } = subscriptionResultSchema.parse(subscribed.json());
    expect(charge.status).toBe('succeeded');
    const [card] = await db().select().from(savedCards).where(eq(savedCards.userId, session.user.id));
    expect(card).toMatchObject({ gateway: 'mercadopago', brand: 'visa', last4: '5682' });
    expect(card!.gatewayToken).toMatch(/^mpcard:[^:]+:[^:]+$/);
    const customer = mp.control.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customer?.body).toMatchObject({ email: session.user.email });

    // Next month: the job charges a one-use token made from the saved card (no CVV), as the customer.
    const nextMonth = new Date(ctx.clock.now().getTime() + 32 * 24 * 60 * 60 * 1000);
    ctx.clock.advance(nextMonth.getTime() - ctx.clock.now().getTime());
    await chargeDueSubscriptions({ db: db(), gateways: app.paymentGateways, translator: app.translator, config: ctx.config }, nextMonth);
    const charges = await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscription.id));
    expect(charges.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    const second = charges.find((c) => c.id !== charge.id)!;
    const [sent] = paymentRequests(second.id);
    expect(sent?.body).toMatchObject({ transaction_amount: 50, payer: { type: 'customer' } });
    const savedToken = mp.control.requests.filter((r) => r.method === 'POST' && r.path === '/v1/card_tokens' && r.headers.authorization);
    expect(savedToken.at(-1)?.body).not.toHaveProperty('security_code');
    // What Mercado Pago kept of each month (fee_details) went from the general fund to the platform's fee account.
    const kept = charges.map((c) =>
      mp.control.payment(c.gatewayRef!).fee_details.reduce((sum, fee) => sum + Math.round(fee.amount * 100), 0),
    );
    expect(kept.every((fee) => fee > 0)).toBe(true);
    expect(await accountBalance(db(), { kind: 'platform_fees' })).toBe(fees + kept[0]! + kept[1]!);
  });
});
