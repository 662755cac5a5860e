import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCards } from '../../server/services/gift-cards/orders/gift-card-orders-repository';
import { paidCorporateOrder } from '../support/paid-corporate-order';
import { newSession } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * A company's batch is read a thousand cards at a time (issue 23, item 7: one query of 10,000 cards held
 * the server ~300 ms): every card still comes back once, in the batch's order, in its codes and its PDF.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CARDS = 2_345;

async function paidBatch(userId: string, email: string): Promise<string> {
  const { db } = ctx.database;
  const { orderId } = await paidCorporateOrder(db, { quantity: CARDS, userId, email });
  // Written backwards, so an answer in position order is the reader's doing, not the table's.
  await db.execute(sql`
    insert into gift_cards (value_cents, buyer_user_id, recipient_name, template, expires_at, order_id, position)
    select 5000, ${userId}::uuid, 'Pessoa ' || i, 'semente', now() + interval '180 days', ${orderId}::uuid, i
    from generate_series(${CARDS - 1}, 0, -1) i`);
  await db.execute(sql`update gift_card_orders set issued_count = quantity where id = ${orderId}::uuid`);
  return orderId;
}

describe('a large batch read in parts', () => {
  it('gives every card once, in position order, to the reader and to the codes file', async () => {
    const company = await newSession(ctx.app);
    const orderId = await paidBatch(company.user.id, company.input.email);

    const cards = await orderCards(ctx.database.db, orderId);
    expect(cards.map((card) => card.position)).toEqual(Array.from({ length: CARDS }, (_, i) => i));
    expect(new Set(cards.map((card) => card.code)).size).toBe(CARDS);

    const csv = await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${orderId}/codes.csv`, undefined, { token: company.token });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + CARDS);
    // Number (from 1) and code of each card, in the batch's order.
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 2))).toEqual(cards.map((card, i) => [String(i + 1), card.code]));
  });
});
