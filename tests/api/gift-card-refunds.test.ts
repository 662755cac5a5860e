import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDonationDetailSchema } from '../../contracts/admin-donations';
import { giftCardBalanceSchema } from '../../contracts/donations';
import { giftCardOrderResultSchema } from '../../contracts/gift-card-orders';
import { walletStatementSchema } from '../../contracts/wallet';
import { donations, giftCards, users, walletLots } from '../../server/db/schema';
import { createTranslator } from '../../server/i18n/translator';
import { checkOrderInvariants, orderMoney } from '../../server/services/gift-cards/orders/order-ledger';
import { accountBalance } from '../../server/services/ledger';
import { settleExpiredCredit } from '../../server/services/wallet/settle-expired';
import { grantAdmin, newSession, signIn } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, newKey, outboxTo, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 23 item 5: a gift card's payment refunded goes where the card's holder can use it — the card
 * when it still works, the wallet it was redeemed into, or the card working again (expired, or its
 * holder's account closed) — every balance from the ledger, and the hourly invariant flags none of it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PERMS = ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] as const;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let campaign: Awaited<ReturnType<typeof createCampaign>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
  await grantAdmin(ctx, admin.user.id, PERMS);
  campaign = await createCampaign(ctx.database.db);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** One R$ 100,00 card bought through checkout (printable, so its code is the buyer's), with its order. */
async function buyCard() {
  const response = await call(
    ctx.app,
    'POST',
    '/api/v1/gift-card-orders',
    {
      definition: {
        value: 10_000,
        quantity: 1,
        template: 'girassol',
        message: 'Escolha uma causa.',
        from: 'Maria',
        shipping: { mode: 'pdf' },
        recipients: [],
      },
      contact: { ...personContact, email: `compra-${newKey()}@exemplo.com.br` },
      payment: { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
      address: { ...brazilianAddress },
    },
    { headers: { 'idempotency-key': newKey() } },
  );
  expect(response.statusCode, response.body).toBe(201);
  const { order } = giftCardOrderResultSchema.parse(response.json());
  const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
  if (!card) throw new Error('no card issued');
  return { orderId: order.id, card };
}

/** A guest gives with the code; resolves to the donation's id. */
async function payWithCard(code: string, amount: number, email = `doadora-${newKey()}@exemplo.com.br`) {
  const body = donationBody({ method: 'gift_card', code }, { amount, contact: { ...personContact, email } });
  const answer = await give(ctx.app, campaign.slug, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().donation.id as string;
}

const refund = async (donationId: string, amount: number) => {
  const response = await call(
    ctx.app,
    'POST',
    `/api/v1/admin/donations/${donationId}/refunds`,
    { amount, reason: 'A campanha foi cancelada' },
    { token: admin.token, headers: { 'idempotency-key': newKey() } },
  );
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({ status: 'succeeded', amount });
};
const lookUp = (code: string) => call(ctx.app, 'GET', `/api/v1/gift-cards/${code}`);
const cardBalance = (giftCardId: string) => accountBalance(db(), { kind: 'gift_card', giftCardId });
const cardRow = async (giftCardId: string) => (await db().select().from(giftCards).where(eq(giftCards.id, giftCardId)))[0];
const breachesOf = async (orderId: string) => (await checkOrderInvariants(db())).filter((b) => b.orderId === orderId);
const redeem = (token: string, code: string) => call(ctx.app, 'POST', '/api/v1/gift-cards/redemptions', { code }, { token });
const walletOf = async (session: { token: string; user: { id: string } }) =>
  (await call(ctx.app, 'GET', `/api/v1/donors/${session.user.id}/wallets/balance`, undefined, { token: session.token })).json().data;

describe('refunding a gift card’s payment', () => {
  it('to a card that still works: the money is back on it, it keeps paying, the order adds up', async () => {
    const { orderId, card } = await buyCard();
    const donationId = await payWithCard(card.code, 6000);
    await refund(donationId, 6000);

    expect(await cardBalance(card.id)).toBe(10_000);
    const read = await lookUp(card.code);
    expect(read.statusCode).toBe(200);
    expect(giftCardBalanceSchema.parse(read.json())).toEqual({ balance: 10_000, expires_at: card.expiresAt.toISOString() });
    expect((await cardRow(card.id))?.status).toBe('active');
    expect(await orderMoney(db(), orderId)).toMatchObject({ purchased: 10_000, spent: 0, refunded: 6000, outstanding: 10_000, other: 0 });
    expect(await breachesOf(orderId)).toEqual([]);
    // It pays again with the money given back.
    await payWithCard(card.code, 10_000);
    expect(await cardBalance(card.id)).toBe(0);
    expect(await breachesOf(orderId)).toEqual([]);
  });

  it('spent to the last real: the refund makes the card work again', async () => {
    const { orderId, card } = await buyCard();
    const donationId = await payWithCard(card.code, 10_000);
    expect((await lookUp(card.code)).statusCode).toBe(404);
    await refund(donationId, 2500);
    expect(giftCardBalanceSchema.parse((await lookUp(card.code)).json())).toMatchObject({ balance: 2500 });
    expect(await orderMoney(db(), orderId)).toMatchObject({ spent: 7500, refunded: 2500, outstanding: 2500 });
    expect(await breachesOf(orderId)).toEqual([]);
  });

  it('to a card redeemed into a wallet: the money goes on to that wallet, and the donor is told where', async () => {
    const { orderId, card } = await buyCard();
    const holder = await newSession(ctx.app, { name: 'Helena Rocha' });
    const donorEmail = `helena-${newKey()}@exemplo.com.br`;
    const donationId = await payWithCard(card.code, 6000, donorEmail);
    expect((await redeem(holder.token, card.code)).json()).toMatchObject({ amount: 4000, balance: 4000 });

    await refund(donationId, 6000);

    expect(await walletOf(holder)).toBe(10_000);
    const [lot] = await db()
      .select()
      .from(walletLots)
      .where(and(eq(walletLots.userId, holder.user.id), eq(walletLots.origin, 'refund')));
    // The card's own expiry (months away), as the rest of its money in the wallet.
    expect(lot).toMatchObject({ amountCents: 6000, expiresAt: card.expiresAt });
    // Nothing stays on the card, which stays redeemed: its money is the holder's.
    expect(await cardBalance(card.id)).toBe(0);
    expect((await cardRow(card.id))?.status).toBe('redeemed');
    expect(await orderMoney(db(), orderId)).toMatchObject({
      purchased: 10_000,
      redeemed: 10_000,
      spent: 0,
      refunded: 6000,
      outstanding: 0,
    });
    expect(await breachesOf(orderId)).toEqual([]);

    // The holder's statement shows the money coming in; the admin's page shows where it went.
    const statement = walletStatementSchema.parse(
      (await call(ctx.app, 'GET', '/api/v1/wallet/statement', undefined, { token: holder.token })).json(),
    );
    expect(statement[0]).toMatchObject({ kind: 'credit', amount: 6000, origin: 'refund' });
    const detail = adminDonationDetailSchema.parse(
      (await call(ctx.app, 'GET', `/api/v1/admin/donations/${donationId}`, undefined, { token: admin.token })).json(),
    );
    expect(detail.ledger.map((g) => [g.kind, g.lines.map((l) => [l.kind, l.amount])])).toEqual([
      [
        'donation',
        [
          ['gift_card', -6000],
          ['campaign', 6000],
        ],
      ],
      [
        'refund',
        [
          ['campaign', -6000],
          ['gift_card', 6000],
        ],
      ],
      [
        'gift_card_redemption',
        [
          ['gift_card', -6000],
          ['donor_wallet', 6000],
        ],
      ],
    ]);
    expect(detail.ledger[2]?.lines[1]?.name).toBe('Helena Rocha');
    const [mail] = (await outboxTo(db(), donorEmail)).filter((m) => m.subject.startsWith('Reembolso'));
    expect(mail?.text).toContain('O valor voltou para a carteira Semear e pode ser doado até');
  });

  it('to a card redeemed by an account closed since: the card works again with the money', async () => {
    const { orderId, card } = await buyCard();
    const holder = await newSession(ctx.app);
    const donationId = await payWithCard(card.code, 6000);
    await redeem(holder.token, card.code);
    await db().update(users).set({ active: false, deletedAt: ctx.clock.now() }).where(eq(users.id, holder.user.id));

    await refund(donationId, 6000);

    expect((await cardRow(card.id))?.status).toBe('active');
    expect(giftCardBalanceSchema.parse((await lookUp(card.code)).json())).toEqual({
      balance: 6000,
      expires_at: card.expiresAt.toISOString(),
    });
    expect(await orderMoney(db(), orderId)).toMatchObject({ redeemed: 4000, spent: 0, outstanding: 6000 });
    expect(await breachesOf(orderId)).toEqual([]);
  });

  it('to an expired card: it works again for 30 days, then what is left is donated at that expiry', async () => {
    const { orderId, card } = await buyCard();
    const donorEmail = `expirou-${newKey()}@exemplo.com.br`;
    const donationId = await payWithCard(card.code, 6000, donorEmail);
    ctx.clock.advance(card.expiresAt.getTime() - ctx.clock.now().getTime() + DAY_MS);
    const deps = { db: db(), translator: createTranslator(), config: ctx.config };
    await settleExpiredCredit(deps, ctx.clock.now());
    expect((await cardRow(card.id))?.status).toBe('expired');
    expect(await cardBalance(card.id)).toBe(0);

    admin = { input: admin.input, ...(await signIn(ctx.app, admin.input.email, admin.input.password)) };
    await refund(donationId, 6000);

    const reopenedUntil = new Date(ctx.clock.now().getTime() + 30 * DAY_MS);
    expect(await cardRow(card.id)).toMatchObject({ status: 'active', expiresAt: reopenedUntil, lastReminderDays: null });
    expect(giftCardBalanceSchema.parse((await lookUp(card.code)).json())).toEqual({
      balance: 6000,
      expires_at: reopenedUntil.toISOString(),
    });
    const [mail] = (await outboxTo(db(), donorEmail)).filter((m) => m.subject.startsWith('Reembolso'));
    expect(mail?.text).toContain('O valor voltou para o gift card, que pode ser usado até');
    expect(await orderMoney(db(), orderId)).toMatchObject({ spent: 0, donatedOnExpiry: 4000, outstanding: 6000 });
    expect(await breachesOf(orderId)).toEqual([]);

    // At its new expiry the job donates what is left, once, as it did the first time.
    ctx.clock.advance(31 * DAY_MS);
    await settleExpiredCredit(deps, ctx.clock.now());
    await settleExpiredCredit(deps, ctx.clock.now());
    expect(await cardBalance(card.id)).toBe(0);
    expect((await cardRow(card.id))?.status).toBe('expired');
    const automatic = await db()
      .select({ source: donations.automaticSource, amount: donations.amountCents })
      .from(donations)
      .where(like(donations.automaticSource, `gift_card:${card.id}%`))
      .orderBy(donations.createdAt);
    expect(automatic).toEqual([
      { source: `gift_card:${card.id}`, amount: 4000 },
      { source: `gift_card:${card.id}:2`, amount: 6000 },
    ]);
    expect(await orderMoney(db(), orderId)).toMatchObject({ donatedOnExpiry: 10_000, outstanding: 0 });
    expect(await checkOrderInvariants(db())).toEqual([]);
  });
});
