import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientSheetResultSchema } from '../../contracts/gift-card-orders';
import { recipientSheets } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';
import { xlsxBomb } from '../support/xlsx-bomb';

// Issue 48, item 5: one donor queued 17 zip bombs and another company's 10-row sheet waited behind all
// of them. Each person now has one sheet read at a time and a few places in the queue, and people take
// turns, so the company's sheet waits for the file being read, not the pile.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tenPeople = new TextEncoder().encode(
  ['Nome;E-mail', ...Array.from({ length: 10 }, (_, i) => `Pessoa ${i};pessoa${i}@padaria.com.br`)].join('\n'),
);
// Lies about its unpacked size, so it passes the zip's own declarations and takes the reader a while.
const slowBomb = Buffer.from(xlsxBomb({ unpackedMb: 16, lieAboutSizes: true }));

const uploadSheet = (token: string, bytes: Uint8Array, language = 'pt-BR') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/gift-card-recipient-sheets',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'accept-language': language },
    payload: Buffer.from(bytes),
  });

const sheetsOf = async (ownerId: string) =>
  (await ctx.database.db.select().from(recipientSheets).where(eq(recipientSheets.ownerId, ownerId))).length;

describe('POST /api/v1/gift-card-recipient-sheets, many at once', () => {
  it("reads another company's sheet before one donor's pile of bombs drains, and refuses that donor's files beyond three with a clear 429", async () => {
    const donor = await newSession(ctx.app);
    const company = await newSession(ctx.app);
    const answered: string[] = [];
    let refusedTwice: () => void = () => {};
    const twoRefusals = new Promise<void>((resolve) => (refusedTwice = resolve));
    let refusals = 0;
    const pile = Array.from({ length: 5 }, () =>
      uploadSheet(donor.token, slowBomb).then((res) => {
        if (res.statusCode === 429 && ++refusals === 2) refusedTwice();
        if (res.statusCode !== 429) answered.push('donor');
        return res;
      }),
    );
    // A refusal only comes once three of the donor's files are in the reader: now the company sends its own.
    await Promise.race([twoRefusals, Promise.all(pile)]);
    const companySheet = uploadSheet(company.token, tenPeople).then((res) => {
      answered.push('company');
      return res;
    });
    const honestButFourth = await uploadSheet(donor.token, tenPeople);
    const inEnglish = await uploadSheet(donor.token, tenPeople, 'en');

    const statuses = (await Promise.all(pile)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    const refused = (await Promise.all(pile)).find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({
      message: 'Você já tem planilhas sendo lidas. Aguarde a leitura terminar e envie de novo.',
      code: 'gift_card.recipient_sheets_pending',
    });
    expect(honestButFourth.statusCode).toBe(429);
    expect(inEnglish.statusCode).toBe(429);
    expect(inEnglish.json().message).toMatch(/already have spreadsheets being read/i);

    const ours = await companySheet;
    expect(ours.statusCode, ours.body).toBe(201);
    expect(recipientSheetResultSchema.parse(ours.json()).accepted).toBe(10);
    // Read after the file that was being read, before the rest of the donor's pile.
    expect(answered).toHaveLength(4);
    expect(answered.indexOf('company')).toBeLessThan(3);
    // Nothing of the refused uploads was kept; the company's sheet was.
    expect(await sheetsOf(donor.user.id)).toBe(0);
    expect(await sheetsOf(company.user.id)).toBe(1);

    // Once the pile is read, the donor may send again.
    const later = await uploadSheet(donor.token, tenPeople);
    expect(later.statusCode, later.body).toBe(201);
    expect(await sheetsOf(donor.user.id)).toBe(1);
  }, 30_000);
});
