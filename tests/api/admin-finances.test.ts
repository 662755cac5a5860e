import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeReportSchema } from '../../contracts/admin-finances';
import { csvLines } from '../../contracts/csv';
import { campaigns, ledgerEntries } from '../../server/db/schema';
import { insertCategory } from './helpers/campaign-fixtures';
import { financeCsvColumns } from './helpers/finance-csv';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, newKey, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The finances (issue 14): a period's figures from the ledger, each equal to the sum of its export's
 * column (CSV and XLSX), the ledger balanced, export cells safe from formulas (a +55 phone survives),
 * bad periods refused, MANAGE_FINANCES required.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let today = '';
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES', 'MANAGE_USERS', 'MANAGE_CAMPAIGNS']);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx.clock.now());
});
afterAll(() => ctx.close());

const as = () => ({ token: admin.token });

async function cardGift(slug: string, amount: number): Promise<string> {
  const answer = await give(
    ctx.app,
    slug,
    donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }, { amount }),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().donation.id;
}

describe('GET /admin/finances', () => {
  it("adds up the period's ledger: gross, refunds, net, by method, campaign and category; each equals its export", async () => {
    const category = await insertCategory(ctx.database.db, 'Saúde', undefined, { en: 'Health' });
    const campaign = await createCampaign(ctx.database.db, { categoryId: category.id, title: '+55 11 98765-4321 =HYPERLINK("x")' });
    const first = await cardGift(campaign.slug, 10_000);
    await cardGift(campaign.slug, 5000);
    const refunded = await call(
      ctx.app,
      'POST',
      `/api/v1/admin/donations/${first}/refunds`,
      { amount: 3000, reason: 'Parcial' },
      { ...as(), headers: { 'idempotency-key': newKey() } },
    );
    expect(refunded.statusCode, refunded.body).toBe(201);

    const answer = await call(ctx.app, 'GET', `/api/v1/admin/finances?from=${today}&to=${today}`, undefined, as());
    expect(answer.statusCode, answer.body).toBe(200);
    const report = financeReportSchema.parse(answer.json());
    expect(report.figures).toMatchObject({ gross: 15_000, refunds: 3000, fees: 0, net: 12_000, donations: 2 });
    expect(report.figures.by_method).toEqual([{ key: 'card', label: 'card', gross: 15_000, count: 2 }]);
    expect(report.figures.by_campaign[0]).toMatchObject({ key: campaign.slug, gross: 15_000 });
    expect(report.figures.by_category[0]).toMatchObject({ key: category.slug, label: 'Saúde', gross: 15_000 });
    expect(report.daily).toEqual([{ day: today, gross: 15_000 }]);
    // Categories named in the admin's language, else in Portuguese (issue 22).
    for (const [language, label] of [
      ['en', 'Health'],
      ['es', 'Saúde'],
    ] as const) {
      const translated = await call(ctx.app, 'GET', `/api/v1/admin/finances?from=${today}&to=${today}`, undefined, {
        ...as(),
        headers: { 'accept-language': language },
      });
      expect(financeReportSchema.parse(translated.json()).figures.by_category[0]).toMatchObject({
        key: category.slug,
        label,
        gross: 15_000,
      });
    }
    expect(report.previous).toMatchObject({ gross: 0, refunds: 0 });

    const csv = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.csv?from=${today}&to=${today}`, undefined, as());
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFData;Tipo;')).toBe(true);
    const { sum: column } = financeCsvColumns(csv.body);
    expect(column(-4)).toBe(report.figures.gross);
    expect(column(-3)).toBe(report.figures.refunds);
    expect(column(-1)).toBe(report.figures.net);
    // The campaign's name, a phone and a formula: prefixed, never cut.
    expect(csv.body).toContain(`'+55 11 98765-4321 =HYPERLINK(""x"")`);
    // A person reads the references: the line's id, its kind in the column before, never `donation:<id>` (issue 47, item 12).
    const { rows } = financeCsvColumns(csv.body);
    expect(rows.map((cells) => cells[2])).toEqual(rows.map(() => expect.stringMatching(/^[0-9a-f-]{36}$/)));
    // In the admin's language, the categories too, as on the page.
    const english = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.csv?from=${today}&to=${today}`, undefined, {
      ...as(),
      headers: { 'accept-language': 'en' },
    });
    expect(financeCsvColumns(english.body).rows.map((cells) => cells[7])).toEqual(rows.map(() => 'Health'));

    const xlsx = await call(ctx.app, 'GET', `/api/v1/admin/finances/export.xlsx?from=${today}&to=${today}`, undefined, as());
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet);
    expect(Math.round(sheet.reduce((sum, r) => sum + Number(r.Bruto), 0) * 100)).toBe(report.figures.gross);
    expect(Math.round(sheet.reduce((sum, r) => sum + Number(r.Líquido), 0) * 100)).toBe(report.figures.net);
    expect(String(sheet[0]?.Campanha)).toBe(`'${campaign.title}`);

    const [balance] = await ctx.database.db.select({ n: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries);
    expect(Number(balance?.n)).toBe(0);
    expect(await ctx.database.db.select().from(campaigns)).not.toHaveLength(0);
  });

  it('neutralises = + - @ tab and CR at the start of a cell, and keeps every character', () => {
    const cell = (value: string) => csvLines([[value]]).slice(0, -2);
    for (const value of ['=1+1', '+55 11 91234-5678', '-2', '@SUM(A1)', '\tx', '\rx']) expect(cell(value)).toMatch(/^"?'/);
    expect(cell('+55 11 91234-5678')).toBe("'+55 11 91234-5678");
    expect(cell('Maria')).toBe('Maria');
  });

  it('refuses bad periods and anyone without MANAGE_FINANCES', async () => {
    for (const query of [
      `?from=${today}`,
      '?from=2026-13-01&to=2026-12-01',
      '?from=2026-12-02&to=2026-12-01',
      '?from=2020-01-01&to=2026-01-01',
    ]) {
      expect((await call(ctx.app, 'GET', `/api/v1/admin/finances${query}`, undefined, as())).statusCode, query).toBe(400);
    }
    const order = await call(ctx.app, 'GET', '/api/v1/admin/finances?from=2026-12-02&to=2026-12-01', undefined, as());
    expect(order.json().message).toEqual(['O início do período precisa ser antes do fim']);
    const other = await newSession(ctx.app);
    await grantAdmin(ctx, other.user.id, ['MANAGE_CAMPAIGNS', 'MANAGE_USERS', 'MANAGE_TEAM', 'MANAGE_PIX_ACCOUNTS']);
    for (const path of ['/api/v1/admin/finances', '/api/v1/admin/finances/export.csv', '/api/v1/admin/finances/export.xlsx']) {
      const url = `${path}?from=${today}&to=${today}`;
      expect((await call(ctx.app, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(ctx.app, 'GET', url, undefined, { token: other.token })).statusCode, url).toBe(403);
    }
  });
});
