import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftCardOrderRequestInput } from '../../contracts/gift-card-orders';
import { giftCardOrders, idempotencyKeys } from '../../server/db/schema';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, moneyRowCounts, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 47, items 1 and 2: a payment whose answer never reached the browser is asked about
 * (GET …/attempts/{key}) rather than paid again, and one gift-card draft is one order.
 */
let ctx: TestContext;
let slug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  slug = (await createCampaign(ctx.database.db)).slug;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const attempt = (path: string, key: string, token?: string) =>
  call(ctx.app, 'GET', `/api/v1/${path}/attempts/${key}`, undefined, { token });

describe('GET /donations/attempts/{key}: what became of a donation whose answer was lost', () => {
  it('a confirmed donation: the very answer the POST got, marked replayed, and nothing charged again', async () => {
    const key = randomUUID();
    const first = await give(ctx.app, slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }), { key });
    expect(first.statusCode).toBe(201);
    const before = await moneyRowCounts(db());
    const found = await attempt('donations', key);
    expect(found.statusCode).toBe(201);
    expect(found.headers['idempotent-replayed']).toBe('true');
    expect(found.headers['cache-control']).toContain('no-store');
    expect(found.json()).toEqual(first.json());
    expect(found.json().donation.status).toBe('confirmed');
    expect(await moneyRowCounts(db())).toEqual(before);
  });

  it('a declined card: its 402 with the reason', async () => {
    const key = randomUUID();
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app, SANDBOX_TEST_CARDS.declined) });
    const first = await give(ctx.app, slug, body, { key });
    expect(first.statusCode).toBe(402);
    const found = await attempt('donations', key);
    expect(found.statusCode).toBe(402);
    expect(found.json()).toEqual(first.json());
  });

  it('a waiting PIX: its charge again (copia e cola, QR, expiry) for the page to show after a reload', async () => {
    const key = randomUUID();
    const first = await give(ctx.app, slug, donationBody({ method: 'pix' }, { address: null }), { key });
    const found = await attempt('donations', key);
    expect(found.statusCode).toBe(201);
    expect(found.json().payment).toMatchObject({ method: 'pix', br_code: first.json().payment.br_code });
  });

  it('nothing arrived under the key: 404 saying nothing was charged, and nothing is written', async () => {
    const before = await moneyRowCounts(db());
    const found = await attempt('donations', randomUUID());
    expect(found.statusCode).toBe(404);
    expect(found.json()).toEqual({
      code: 'idempotency.attempt_unknown',
      message: 'Nenhum pedido chegou com esta chave: nada foi cobrado.',
    });
    expect(await moneyRowCounts(db())).toEqual(before);
    const inEnglish = await call(ctx.app, 'GET', `/api/v1/donations/attempts/${randomUUID()}`, undefined, { locale: 'en' });
    expect(inEnglish.json().message).toBe('No request arrived with this key: nothing was charged.');
  });

  it('still being worked on: 202 with Retry-After, never the work’s own notes', async () => {
    const key = randomUUID();
    await db()
      .insert(idempotencyKeys)
      .values({ scope: 'guest|donations', key, requestHash: 'x', responseBody: { resume: { donation_id: randomUUID() } }, owner: 'test' });
    const found = await attempt('donations', key);
    expect(found.statusCode).toBe(202);
    expect(found.headers['retry-after']).toBe('1');
    expect(found.json()).toEqual({ status: 'in_progress' });
  });

  it('only a UUID is looked up (a key as hard to guess as a receipt token): anything else is 400', async () => {
    for (const key of ['12345678', 'key-abc', `${randomUUID()}x`]) {
      const found = await attempt('donations', key);
      expect(found.statusCode, key).toBe(400);
    }
  });

  it('a donor sees only their own attempts: another donor and a guest get 404 for it', async () => {
    const owner = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const key = randomUUID();
    const body = donationBody({ method: 'pix' }, { address: null });
    expect((await give(ctx.app, slug, body, { key, token: owner.token })).statusCode).toBe(201);
    expect((await attempt('donations', key, owner.token)).statusCode).toBe(201);
    expect((await attempt('donations', key, other.token)).statusCode).toBe(404);
    expect((await attempt('donations', key)).statusCode).toBe(404);
  });

  it('a second attempt at the same gift with the same key is answered by the first (409 key_reused, then the attempt)', async () => {
    const key = randomUUID();
    const first = await give(ctx.app, slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }), { key });
    const before = await moneyRowCounts(db());
    // After a reload the card was typed again: a new token, so another body under the same key.
    const again = await give(ctx.app, slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }), { key });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('idempotency.key_reused');
    expect(await moneyRowCounts(db())).toEqual(before);
    expect((await attempt('donations', key)).json().donation.id).toBe(first.json().donation.id);
  });
});

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@exemplo.com.br`;

function orderBody(payment: GiftCardOrderRequestInput['payment'], draftId: string | null): GiftCardOrderRequestInput {
  const to = email('ana');
  return {
    definition: {
      value: 3300,
      quantity: 1,
      template: 'girassol',
      message: 'Feliz aniversário! Escolha uma causa.',
      from: 'Maria',
      shipping: { mode: 'email_now' },
      recipients: [{ name: 'Ana Souza', email: to, email_confirmation: to }],
    },
    contact: { ...personContact, email: email('maria') },
    payment,
    address: { ...brazilianAddress },
    draft_id: draftId,
  };
}

const order = (body: unknown, key: string = randomUUID(), token?: string) =>
  call(ctx.app, 'POST', '/api/v1/gift-card-orders', body, { token, headers: { 'idempotency-key': key } });
const ordersOfDraft = async (draftId: string) =>
  Number((await db().select({ n: count() }).from(giftCardOrders).where(eq(giftCardOrders.draftId, draftId)))[0]?.n ?? 0);
const card = async (number?: { number: string; cvv: string }) =>
  ({ method: 'card', card_token: await sandboxCardToken(ctx.app, number), save_card: false }) as const;

describe('gift-card orders: a lost answer and one draft, one order', () => {
  it('GET /gift-card-orders/attempts/{key} answers the order a lost answer had placed', async () => {
    const key = randomUUID();
    const placed = await order(orderBody(await card(), randomUUID()), key);
    expect(placed.statusCode).toBe(201);
    const found = await attempt('gift-card-orders', key);
    expect(found.statusCode).toBe(201);
    expect(found.json().order.id).toBe(placed.json().order.id);
    expect((await attempt('gift-card-orders', randomUUID())).statusCode).toBe(404);
  });

  it('a company’s attempts need its session', async () => {
    expect((await attempt('gift-card-orders/corporate', randomUUID())).statusCode).toBe(401);
    const session = await newSession(ctx.app);
    expect((await attempt('gift-card-orders/corporate', randomUUID(), session.token)).statusCode).toBe(404);
  });

  it('a second payment for a paid draft (a duplicated tab) is refused: 409, no order written, nothing charged', async () => {
    const draftId = randomUUID();
    const first = await order(orderBody(await card(), draftId));
    expect(first.statusCode).toBe(201);
    expect(first.json().order.status).toBe('paid');
    const before = await moneyRowCounts(db());
    const second = await order(orderBody(await card(), draftId));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'gift_card.order_draft_paid',
      message: 'Este pedido já foi pago. Para comprar outros cartões, comece um novo pedido.',
    });
    expect(await ordersOfDraft(draftId)).toBe(1);
    expect(await moneyRowCounts(db())).toEqual(before);
  });

  it('a declined order does not hold its draft: the next card pays it', async () => {
    const draftId = randomUUID();
    expect((await order(orderBody(await card(SANDBOX_TEST_CARDS.declined), draftId))).statusCode).toBe(402);
    const paid = await order(orderBody(await card(), draftId));
    expect(paid.statusCode).toBe(201);
    expect(paid.json().order.status).toBe('paid');
  });

  it('two tabs paying one draft at once: exactly one order is paid, the other refused', async () => {
    const draftId = randomUUID();
    const bodies = [orderBody(await card(), draftId), orderBody(await card(), draftId)];
    const answers = await Promise.all(bodies.map((body) => order(body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(['gift_card.order_draft_paid', 'gift_card.order_draft_paying']).toContain(refused?.json().code);
    expect(await ordersOfDraft(draftId)).toBe(1);
  });

  it('a draft id that is not a UUID is refused with its field named', async () => {
    const refused = await order({ ...orderBody(await card(), null), draft_id: 'rascunho-1' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('draft_id');
  });
});
