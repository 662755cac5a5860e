import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributionListSchema, type Contribution } from '../../contracts/contributions';
import { donations, subscriptionCharges, subscriptions } from '../../server/db/schema';
import { issueGiftCard } from '../../server/services/ledger';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let campaign: { id: string; slug: string; title: string };
let donor: Awaited<ReturnType<typeof newSession>>;
const ids = {} as Record<'card' | 'pix' | 'automatic' | 'old' | 'lastYear' | 'monthlyFailed' | 'monthlyPaid' | 'giftCard', string>;

const contact = {
  is_company: false,
  foreigner: false,
  name: 'Maria da Silva',
  corporate_name: null,
  contact_name: null,
  email: 'maria@exemplo.com.br',
  cpf: '52998224725',
  cnpj: null,
  telephone: '11987654321',
};
const list = (query = '', options: { token?: string; locale?: string } = { token: donor.token }) =>
  call(ctx.app, 'GET', `/api/v1/contributions${query}`, undefined, options);
const items = (body: unknown): Contribution[] => contributionListSchema.parse(body);

/** A donation written straight in the database, at a chosen time (the period filters need old ones). */
async function insertDonation(values: Partial<typeof donations.$inferInsert> & { createdAt: Date }) {
  const [row] = await ctx.database.db
    .insert(donations)
    .values({
      userId: donor.user.id,
      campaignId: campaign.id,
      amountCents: 1000,
      status: 'confirmed',
      paymentMethod: 'wallet',
      contact,
      receiptTokenHash: 'x',
      confirmedAt: values.createdAt,
      ...values,
    })
    .returning({ id: donations.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  campaign = await createCampaign(db);
  donor = await newSession(ctx.app);
  const now = ctx.clock.now().getTime();

  const card = await give(
    ctx.app,
    campaign.slug,
    donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }, { amount: 5000 }),
    { token: donor.token },
  );
  expect(card.statusCode, card.body).toBe(201);
  ids.card = card.json().donation.id;
  const pix = await give(ctx.app, null, donationBody({ method: 'pix' }, { amount: 7500, address: null }), { token: donor.token });
  expect(pix.statusCode, pix.body).toBe(201);
  ids.pix = pix.json().donation.id;

  ids.automatic = await insertDonation({
    amountCents: 1234,
    automaticSource: `lot:${crypto.randomUUID()}`,
    createdAt: new Date(now - 2 * DAY_MS),
  });
  ids.old = await insertDonation({ amountCents: 2000, status: 'refunded', createdAt: new Date(now - 60 * DAY_MS) });
  ids.lastYear = await insertDonation({ amountCents: 3000, createdAt: new Date(Date.UTC(new Date(now).getUTCFullYear() - 1, 5, 15, 12)) });

  const [subscription] = await db
    .insert(subscriptions)
    .values({
      userId: donor.user.id,
      amountCents: 3500,
      billingDay: 10,
      currentPeriodStart: new Date(now - 20 * DAY_MS),
      contact,
      address: brazilianAddress,
    })
    .returning({ id: subscriptions.id });
  const charge = (attempt: number, status: 'succeeded' | 'failed', daysAgo: number) => ({
    subscriptionId: subscription!.id,
    userId: donor.user.id,
    periodStart: new Date(now - 20 * DAY_MS),
    attempt,
    amountCents: 3500,
    status,
    gateway: 'sandbox',
    cardBrand: 'mastercard',
    cardLast4: '4444',
    createdAt: new Date(now - daysAgo * DAY_MS),
    settledAt: new Date(now - daysAgo * DAY_MS),
  });
  const charges = await db
    .insert(subscriptionCharges)
    .values([charge(0, 'failed', 20), charge(1, 'succeeded', 19)])
    .returning({ id: subscriptionCharges.id, status: subscriptionCharges.status });
  ids.monthlyFailed = charges.find((c) => c.status === 'failed')!.id;
  ids.monthlyPaid = charges.find((c) => c.status === 'succeeded')!.id;

  const gift = await issueGiftCard(db, {
    valueCents: 10000,
    expiresAt: new Date(now + 180 * DAY_MS),
    buyerUserId: donor.user.id,
    now: new Date(now - 5 * DAY_MS),
  });
  ids.giftCard = gift.id;
});
afterAll(() => ctx.close());

describe('GET /contributions', () => {
  it("lists every kind of the donor's giving newest first, each with its receipt, and the total in x-total-count", async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('8');
    const all = items(response.json());
    expect(all.map((c) => c.id).sort()).toEqual(Object.values(ids).sort());
    expect(all.slice(-3).map((c) => c.id)).toEqual([ids.monthlyFailed, ids.old, ids.lastYear]);
    const dates = all.map((c) => Date.parse(c.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const byId = new Map(all.map((c) => [c.id, c]));
    expect(byId.get(ids.card)).toMatchObject({
      type: 'donation',
      status: 'paid',
      amount: 5000,
      payment_method: 'card',
      card: { brand: 'visa', last4: '1111' },
      campaign: { slug: campaign.slug, title: campaign.title },
      receipt: { donor_name: 'Maria da Silva', document_type: 'cpf', document: '***.982.247-**' },
    });
    expect(byId.get(ids.pix)).toMatchObject({
      type: 'donation',
      status: 'pending',
      amount: 7500,
      payment_method: 'pix',
      card: null,
      campaign: null,
    });
    expect(byId.get(ids.automatic)).toMatchObject({ type: 'automatic_donation', status: 'paid', amount: 1234, payment_method: 'wallet' });
    expect(byId.get(ids.old)).toMatchObject({ type: 'donation', status: 'refunded' });
    expect(byId.get(ids.monthlyPaid)).toMatchObject({
      type: 'monthly',
      status: 'paid',
      amount: 3500,
      payment_method: 'card',
      card: { brand: 'mastercard', last4: '4444' },
      campaign: null,
    });
    expect(byId.get(ids.monthlyFailed)).toMatchObject({ type: 'monthly', status: 'failed' });
    expect(byId.get(ids.giftCard)).toMatchObject({
      type: 'gift_card',
      status: 'paid',
      amount: 10000,
      payment_method: null,
      receipt: { donor_name: donor.user.name, document: '***.982.247-**' },
    });
    // Never a full document on a receipt.
    expect(response.body).not.toContain('52998224725');
  });

  it('filters by type, status and period, and the filters combine', async () => {
    expect(
      items((await list('?type=monthly')).json())
        .map((c) => c.id)
        .sort(),
    ).toEqual([ids.monthlyFailed, ids.monthlyPaid].sort());
    expect(items((await list('?type=automatic_donation')).json()).map((c) => c.id)).toEqual([ids.automatic]);
    expect(items((await list('?type=gift_card')).json()).map((c) => c.id)).toEqual([ids.giftCard]);
    expect(items((await list('?status=failed')).json()).map((c) => c.id)).toEqual([ids.monthlyFailed]);
    expect(items((await list('?status=pending')).json()).map((c) => c.id)).toEqual([ids.pix]);
    expect(items((await list('?type=donation&status=paid')).json()).map((c) => c.id)).toEqual([ids.card, ids.lastYear]);

    const recent = await list('?period=30d');
    expect(recent.headers['x-total-count']).toBe('6');
    expect(items(recent.json()).map((c) => c.id)).not.toContain(ids.old);
    expect(items((await list('?period=90d')).json()).map((c) => c.id)).toContain(ids.old);
    const lastYear = new Date(ctx.clock.now()).getUTCFullYear() - 1;
    expect(items((await list(`?period=${lastYear}`)).json()).map((c) => c.id)).toEqual([ids.lastYear]);
    expect(items((await list('?period=12m')).json()).map((c) => c.id)).toHaveLength(
      7 + (Date.now() - Date.UTC(lastYear, 5, 15, 12) < 365 * DAY_MS ? 1 : 0),
    );
  });

  it('pages with page (from 0) and amount; past the last page the list is empty and the total still told', async () => {
    const first = await list('?amount=3');
    const second = await list('?amount=3&page=1');
    const third = await list('?amount=3&page=2');
    expect(first.headers['x-total-count']).toBe('8');
    expect(second.headers['x-total-count']).toBe('8');
    const pages = [first, second, third].map((r) => items(r.json()).map((c) => c.id));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(new Set(pages.flat()).size).toBe(8);
    const beyond = await list('?amount=3&page=9');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('8');
  });

  it.each([
    ['?type=everything', 'Tipo de contribuição desconhecido. Use donation, automatic_donation, monthly ou gift_card.'],
    ['?status=done', 'Situação desconhecida. Use paid, pending, failed ou refunded.'],
    ['?period=7d', 'Período inválido. Use 30d, 90d, 12m ou um ano com quatro dígitos, como 2026.'],
    ['?period=26', 'Período inválido. Use 30d, 90d, 12m ou um ano com quatro dígitos, como 2026.'],
    ['?page=-1', 'A página deve ser um número inteiro a partir de 0'],
    ['?page=abc', 'A página deve ser um número inteiro a partir de 0'],
    ['?amount=0', 'A quantidade por página deve ser um número inteiro de 1 a 100'],
    ['?amount=101', 'A quantidade por página deve ser um número inteiro de 1 a 100'],
  ])('a bad query %s is 400 with a clear message', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation.failed', message: [message] });
  });

  it("a bad query is answered in the donor's language", async () => {
    const response = await list('?type=everything', { token: donor.token, locale: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message[0]).not.toBe(
      'Tipo de contribuição desconhecido. Use donation, automatic_donation, monthly ou gift_card.',
    );
  });

  it("signed out is 401; another donor sees only their own (none of this donor's)", async () => {
    const signedOut = await list('', {});
    expect(signedOut.statusCode).toBe(401);
    const stranger = await newSession(ctx.app);
    const theirs = await list('', { token: stranger.token });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
  });
});

describe('gift-card orders in the contributions', () => {
  it('an order is one gift-card contribution with its total, payment and a link to its order, whatever its number of cards', async () => {
    const buyer = await newSession(ctx.app);
    // One stamp: an address and its confirmation must be the same string.
    const stamp = Date.now();
    const to = (n: number) => `pessoa${n}-${stamp}@exemplo.com.br`;
    const response = await call(
      ctx.app,
      'POST',
      '/api/v1/gift-card-orders',
      {
        definition: {
          value: 4000,
          quantity: 3,
          template: 'semente',
          message: 'Obrigado!',
          from: 'Maria',
          shipping: { mode: 'email_now' },
          recipients: [1, 2, 3].map((n) => ({ name: `Pessoa ${n}`, email: to(n), email_confirmation: to(n) })),
        },
        contact: { name: buyer.user.name, email: buyer.user.email, cpf: '529.982.247-25', telephone: '(11) 98765-4321' },
        payment: { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
        address: brazilianAddress,
      },
      { token: buyer.token, headers: { 'idempotency-key': `key-${Date.now()}` } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const orderId = (response.json() as { order: { id: string } }).order.id;
    const listed = items((await list('?type=gift_card', { token: buyer.token })).json());
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: orderId,
      type: 'gift_card',
      status: 'paid',
      amount: 12_000,
      payment_method: 'card',
      card: { brand: 'visa', last4: '1111' },
      gift_card_order_id: orderId,
    });
  });
});
