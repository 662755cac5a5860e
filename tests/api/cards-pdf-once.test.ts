import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { giftCardOrderResultSchema } from '../../contracts/gift-card-orders';
import { giftCardOrders } from '../../server/db/schema';
import { createStorage } from '../../server/services/storage/create-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, newKey, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The printable cards under load (issue 23, item 7): an order's PDF is built once and served again from
 * storage; requests while it is built wait for that one build; a change to what it shows builds a new
 * version; and someone whose PDF is being built may not start another build meanwhile.
 */

let ctx: TestContext;
let storage: FileStorage;
beforeAll(async () => {
  ctx = await createTestContext();
  storage = createStorage(ctx.config.storage);
});
afterAll(() => ctx.close());

/** Storage that counts the PDFs written, each write waiting while `hold` is set. */
function countingStorage() {
  const built: string[] = [];
  let hold: Promise<void> | null = null;
  const files: FileStorage = {
    ...storage,
    async putParts(key, parts, type) {
      if (key.startsWith('gift-card-pdfs/')) built.push(key);
      if (hold) await hold;
      return storage.putParts(key, parts, type);
    },
  };
  return {
    files,
    built,
    holdWrites() {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

async function pdfOrder(token: string, quantity: number) {
  const body = {
    definition: {
      value: 5000,
      quantity,
      template: 'girassol',
      message: 'Feliz aniversário! Escolha uma causa.',
      from: 'Maria',
      shipping: { mode: 'pdf' },
      recipients: [],
    },
    contact: { ...personContact, email: `maria-${randomUUID().slice(0, 8)}@exemplo.com.br` },
    payment: { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
    address: { ...brazilianAddress },
  };
  const answer = await call(ctx.app, 'POST', '/api/v1/gift-card-orders', body, { token, headers: { 'idempotency-key': newKey() } });
  expect(answer.statusCode, answer.body).toBe(201);
  return giftCardOrderResultSchema.parse(answer.json()).order;
}

const qrImages = async (bytes: Buffer) =>
  (await PDFDocument.load(bytes)).context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));

describe("an order's printable PDF", () => {
  it('is built once, by one build for requests that come together, and served again from storage', async () => {
    const buyer = await newSession(ctx.app);
    const order = await pdfOrder(buyer.token, 20);
    const spy = countingStorage();
    const app = await ctx.buildAnotherApp({}, { storage: spy.files });
    const get = () => call(app, 'GET', `/api/v1/gift-card-orders/${order.id}/cards.pdf`, undefined, { token: buyer.token });

    const together = await Promise.all([get(), get(), get()]);
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(spy.built).toHaveLength(1);
    expect(together[1]?.rawPayload.equals(together[0]?.rawPayload as Buffer)).toBe(true);
    const document = await PDFDocument.load(together[0]?.rawPayload as Buffer);
    expect(document.getPageCount()).toBe(3);
    expect(await qrImages(together[0]?.rawPayload as Buffer)).toHaveLength(20);
    const [row] = await ctx.database.db.select().from(giftCardOrders).where(eq(giftCardOrders.id, order.id));
    expect(row?.cardsPdfKey).toBe(spy.built[0]);

    const later = await get();
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.equals(together[0]?.rawPayload as Buffer)).toBe(true);
    expect(spy.built).toHaveLength(1);

    // What the cards show changed: a new version is built, the old one deleted.
    await ctx.database.db.update(giftCardOrders).set({ message: 'Boas festas!' }).where(eq(giftCardOrders.id, order.id));
    expect((await get()).statusCode).toBe(200);
    expect(spy.built).toHaveLength(2);
    expect(spy.built[1]).not.toBe(spy.built[0]);
    expect(await storage.get(spy.built[0] as string)).toBeNull();
  });

  it('is one build at a time for whoever asks: another of theirs waits until the first is ready', async () => {
    const buyer = await newSession(ctx.app);
    const first = await pdfOrder(buyer.token, 2);
    const second = await pdfOrder(buyer.token, 2);
    const spy = countingStorage();
    const app = await ctx.buildAnotherApp({}, { storage: spy.files });
    const get = (id: string) => call(app, 'GET', `/api/v1/gift-card-orders/${id}/cards.pdf`, undefined, { token: buyer.token });

    const release = spy.holdWrites();
    const building = get(first.id);
    await vi.waitFor(() => expect(spy.built).toHaveLength(1));
    const refused = await get(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'gift_card.pdf_busy',
      message: 'Outros cartões seus ainda estão sendo preparados para impressão. Tente de novo quando ficarem prontos.',
    });
    // Someone else is not held up by this buyer's build.
    const other = await newSession(ctx.app);
    const theirs = await pdfOrder(other.token, 1);
    const theirsAnswer = call(app, 'GET', `/api/v1/gift-card-orders/${theirs.id}/cards.pdf`, undefined, { token: other.token });
    release();
    expect((await building).statusCode).toBe(200);
    expect((await theirsAnswer).statusCode).toBe(200);
    expect((await get(second.id)).statusCode).toBe(200);
  });
});
