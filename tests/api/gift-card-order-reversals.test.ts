import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_TOKEN_HEADER } from '../../contracts/constants';
import { giftCardOrderResultSchema } from '../../contracts/gift-card-orders';
import { giftCards, ledgerGroups, payments } from '../../server/db/schema';
import { checkOrderInvariants } from '../../server/services/gift-cards/orders/order-ledger';
import { accountBalance } from '../../server/services/ledger';
import { selectRows } from '../../server/services/wallet/raw-rows';
import type { MercadoPagoStandIn } from '../support/stand-ins/mercadopago';
import { startPaypalStandIn, type PaypalStandIn } from '../support/stand-ins/paypal/server';
import { grantAdmin, newSession } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, newKey, outboxTo, personContact, sandboxCardToken } from './helpers/giving';
import { MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET, mercadoPagoApp, mercadoPagoBrowserToken } from './helpers/mercadopago-app';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 46 item 3: a gift-card order refunded or charged back at its payment provider (the sandbox's
 * payment.refunded, Mercado Pago's refunded / charged_back read-back, PayPal's PAYMENT.CAPTURE.REFUNDED /
 * REVERSED) voids its cards, claws back the wallet credit redeemed from them that is still unspent, books
 * what was already given to causes as a loss of the general fund, tells the finance admins, and shows
 * the order as refunded or charged back — once, however often the provider says it (docs/gift-cards.md).
 */
const PAYPAL_WEBHOOK_ID = '8PT597110X687430LKGECATA';
let ctx: TestContext;
let mp: MercadoPagoStandIn;
let mpApp: FastifyInstance;
let mpWebhookUrl: string;
let pp: PaypalStandIn;
let ppApp: FastifyInstance;
let ppWebhookUrl: string;
let admin: Awaited<ReturnType<typeof newSession>>;
let campaign: Awaited<ReturnType<typeof createCampaign>>;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ mp, app: mpApp, webhookUrl: mpWebhookUrl } = await mercadoPagoApp(ctx));
  pp = await startPaypalStandIn();
  ppApp = await ctx.buildAnotherApp({
    PAYMENT_PAYPAL_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: pp.clientId,
    PAYPAL_CLIENT_SECRET: pp.clientSecret,
    PAYPAL_WEBHOOK_ID,
    PAYPAL_API_URL: pp.url,
  });
  ppWebhookUrl = `${await ppApp.listen({ port: 0, host: '127.0.0.1' })}/api/v1/payments/webhooks/paypal`;
  admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
  await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
  campaign = await createCampaign(ctx.database.db);
});
afterAll(async () => {
  await mp.control.close();
  await pp.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const VALUE = 5000;

/** Three R$ 50,00 cards to print, bought through `app` with `payment` by `contact`. */
async function placeOrder(app: FastifyInstance, payment: unknown, buyer: { contact: unknown; address: unknown }) {
  const response = await call(
    app,
    'POST',
    '/api/v1/gift-card-orders',
    {
      definition: {
        value: VALUE,
        quantity: 3,
        template: 'girassol',
        message: 'Escolha uma causa.',
        from: 'Maria',
        shipping: { mode: 'pdf' },
        recipients: [],
      },
      ...buyer,
      payment,
    },
    { headers: { 'idempotency-key': newKey() } },
  );
  expect(response.statusCode, response.body).toBe(201);
  const result = giftCardOrderResultSchema.parse(response.json());
  const [paymentRow] = await db().select().from(payments).where(eq(payments.giftCardOrderId, result.order.id));
  return { orderId: result.order.id, receipt: result.receipt_token!, payment: paymentRow! };
}

const brazilian = () => ({ contact: { ...personContact, email: `compra-${newKey()}@exemplo.com.br` }, address: { ...brazilianAddress } });

const readOrder = async (orderId: string, receipt: string, app = ctx.app) => {
  const answer = await call(app, 'GET', `/api/v1/gift-card-orders/${orderId}`, undefined, { headers: { [RECEIPT_TOKEN_HEADER]: receipt } });
  expect(answer.statusCode, answer.body).toBe(200);
  return giftCardOrderResultSchema.parse(answer.json());
};
const lookUp = (code: string) => call(ctx.app, 'GET', `/api/v1/gift-cards/${code}`);
const redeem = (token: string, code: string) => call(ctx.app, 'POST', '/api/v1/gift-cards/redemptions', { code }, { token });
const walletOf = async (session: { token: string; user: { id: string } }) =>
  (await call(ctx.app, 'GET', `/api/v1/donors/${session.user.id}/wallets/balance`, undefined, { token: session.token })).json().data;
const unbalancedGroups = async () =>
  (
    await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select group_id from ledger_entries group by group_id having sum(amount_cents) <> 0) g`,
    )
  )[0]?.n;
const groupCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerGroups)
  )[0]?.n;
const generalFund = () => accountBalance(db(), { kind: 'general_fund' });

/**
 * The fraud the reversal answers: card A redeemed into a wallet, R$ 20,00 of it given from there; R$ 30,00
 * given with card B's code; card C untouched. Then the provider takes the order's R$ 150,00 back.
 */
async function spendAndReverse(
  order: { orderId: string; receipt: string },
  reverse: () => Promise<void>,
  expected: { status: 'refunded' | 'charged_back'; subject: string },
) {
  expect((await readOrder(order.orderId, order.receipt)).order.status).toBe('paid');
  const [a, b, c] = await db().select().from(giftCards).where(eq(giftCards.orderId, order.orderId)).orderBy(asc(giftCards.position));
  const holder = await newSession(ctx.app, { name: 'Helena Rocha' });
  expect((await redeem(holder.token, a!.code)).json()).toMatchObject({ amount: VALUE, balance: VALUE });
  const fromWallet = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 2000 }), { token: holder.token });
  expect(fromWallet.statusCode, fromWallet.body).toBe(201);
  const withCode = await give(
    ctx.app,
    campaign.slug,
    donationBody(
      { method: 'gift_card', code: b!.code },
      { amount: 3000, contact: { ...personContact, email: `doa-${newKey()}@exemplo.com.br` } },
    ),
  );
  expect(withCode.statusCode, withCode.body).toBe(201);
  expect(await walletOf(holder)).toBe(3000);

  const fundBefore = await generalFund();
  // The outbox is read unordered: the admins' mails about this order are told apart by its id.
  const alerts = async () => (await outboxTo(db(), admin.user.email)).filter((mail) => mail.text.includes(order.orderId));
  await reverse();

  // The order says what happened, and where its money went.
  const read = await readOrder(order.orderId, order.receipt);
  expect(read.order.status).toBe(expected.status);
  expect(read.payment.status).toBe('refunded');
  expect(read.order.money).toEqual({
    purchased: 15_000,
    redeemed: VALUE,
    spent: 3000,
    donated_on_expiry: 0,
    reversed: 5000 + 2000,
    outstanding: 0,
  });
  // The cards are void: no code pays or is redeemed any more, whatever was left on it.
  for (const card of [a!, b!, c!]) expect((await lookUp(card.code)).statusCode).toBe(404);
  const other = await newSession(ctx.app, { name: 'Outra Pessoa' });
  expect((await redeem(other.token, c!.code)).statusCode).toBe(404);
  expect(await accountBalance(db(), { kind: 'gift_card', giftCardId: b!.id })).toBe(0);
  expect(await accountBalance(db(), { kind: 'gift_card', giftCardId: c!.id })).toBe(0);
  // The R$ 30,00 still unspent in the wallet is clawed back.
  expect(await walletOf(holder)).toBe(0);
  // What causes already received (R$ 20,00 from the wallet, R$ 30,00 with the code) stays theirs: a loss of the general fund.
  expect(await generalFund()).toBe(fundBefore - 5000);
  expect(await unbalancedGroups()).toBe(0);
  expect((await checkOrderInvariants(db())).filter((breach) => breach.orderId === order.orderId)).toEqual([]);
  // The finance admins are told once, with the loss.
  const mails = await alerts();
  expect(mails.map((mail) => mail.subject)).toEqual([expected.subject]);
  expect(mails[0]?.text).toContain('R$ 50,00 já tinham sido doados às causas');

  // The provider says it again: nothing more moves, nobody is told twice.
  const groups = await groupCount();
  await reverse();
  expect(await groupCount()).toBe(groups);
  expect(await alerts()).toHaveLength(1);
  expect((await readOrder(order.orderId, order.receipt)).order.status).toBe(expected.status);
}

const waitForStatus = async (orderId: string, status: string) =>
  expect
    .poll(async () => (await db().select().from(payments).where(eq(payments.giftCardOrderId, orderId)))[0]?.status, { timeout: 10_000 })
    .toBe(status);

describe('the sandbox', () => {
  it('payment.refunded of a gift-card order voids its cards, claws back the wallet credit and books the spent part as a loss', async () => {
    const order = await placeOrder(ctx.app, { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }, brazilian());
    const sandbox = ctx.app.paymentGateways.named('sandbox')!;
    await spendAndReverse(
      order,
      async () => {
        const refunded = await sandbox.refund({
          idempotencyKey: `provider-${order.payment.id}`,
          gatewayRef: order.payment.gatewayRef!,
          amountCents: 15_000,
        });
        expect(refunded.status).toBe('succeeded');
        await waitForStatus(order.orderId, 'refunded');
      },
      { status: 'refunded', subject: 'Reembolso de R$ 150,00 num pedido de gift cards, feito no meio de pagamento' },
    );
  });
});

describe('Mercado Pago', () => {
  const notify = async (gatewayRef: string) =>
    expect((await mp.control.sendWebhook(gatewayRef, { secret: MP_WEBHOOK_SECRET, url: mpWebhookUrl })).status).toBe(204);
  const cardOrder = async () =>
    placeOrder(mpApp, { method: 'card', card_token: await mercadoPagoBrowserToken(mp), save_card: false }, brazilian());

  it('a chargeback (charged_back) of a gift-card order', async () => {
    const order = await cardOrder();
    await spendAndReverse(
      order,
      async () => {
        if (mp.control.payment(order.payment.gatewayRef!).status === 'approved') mp.control.chargeback(order.payment.gatewayRef!);
        await notify(order.payment.gatewayRef!);
      },
      { status: 'charged_back', subject: 'Contestação (chargeback) de R$ 150,00 num pedido de gift cards' },
    );
  });

  it('a refund made in Mercado Pago’s panel (refunded) of a gift-card order', async () => {
    const order = await cardOrder();
    const gatewayRef = order.payment.gatewayRef!;
    await spendAndReverse(
      order,
      async () => {
        if (mp.control.payment(gatewayRef).status === 'approved') {
          const refunded = await fetch(`${mp.url}/v1/payments/${gatewayRef}/refunds`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${MP_ACCESS_TOKEN}`,
              'content-type': 'application/json',
              'x-idempotency-key': `panel-${gatewayRef}`,
            },
            body: '{}',
          });
          expect(refunded.status).toBeLessThan(300);
        }
        await notify(gatewayRef);
      },
      { status: 'refunded', subject: 'Reembolso de R$ 150,00 num pedido de gift cards, feito no meio de pagamento' },
    );
  });
});

describe('PayPal', () => {
  const foreigner = () => ({
    contact: { foreigner: true, name: 'John Smith', email: `john-${newKey()}@example.com`, telephone: '+1 415 555 0100' },
    address: { country: 'US', zip_code: '94103', state: 'CA', city: 'San Francisco', street_address: 'Market St', house_number: '1' },
  });
  /** Paid on PayPal: the buyer approves and comes back to the order's page, whose read captures it. */
  async function paypalOrder() {
    const order = await placeOrder(ppApp, { method: 'paypal' }, foreigner());
    const approved = await fetch(`${pp.url}/checkoutnow/approve?token=${order.payment.gatewayRef}`, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    expect((await readOrder(order.orderId, order.receipt, ppApp)).order.status).toBe('paid');
    const capture = [...pp.ledger.captures.values()].find((c) => c.orderId === order.payment.gatewayRef)!;
    return { order, capture };
  }
  const send = async (type: 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED', refundId: string) =>
    expect((await pp.sendWebhook({ type, refundId }, { url: ppWebhookUrl, webhookId: PAYPAL_WEBHOOK_ID })).status).toBe(204);

  it('a chargeback (PAYMENT.CAPTURE.REVERSED) of a gift-card order', async () => {
    const { order, capture } = await paypalOrder();
    let reversal: string | null = null;
    await spendAndReverse(
      order,
      async () => {
        reversal ??= pp.reverse(capture.id);
        await send('PAYMENT.CAPTURE.REVERSED', reversal);
      },
      { status: 'charged_back', subject: 'Contestação (chargeback) de R$ 150,00 num pedido de gift cards' },
    );
  });

  it('a refund made in PayPal (PAYMENT.CAPTURE.REFUNDED) of a gift-card order', async () => {
    const { order, capture } = await paypalOrder();
    let refund: string | null = null;
    await spendAndReverse(
      order,
      async () => {
        refund ??= pp.ledger.refundCapture(capture.id, {}).id;
        await send('PAYMENT.CAPTURE.REFUNDED', refund);
      },
      { status: 'refunded', subject: 'Reembolso de R$ 150,00 num pedido de gift cards, feito no meio de pagamento' },
    );
  });
});
