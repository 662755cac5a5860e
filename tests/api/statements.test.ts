import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVerificationSchema, statementSchema, statementYearsSchema } from '../../contracts/statements';
import { donations, issuedDocuments, organisationProfile } from '../../server/db/schema';
import { financeLinePage } from '../../server/services/finances/finances';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, newKey, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * A donor's year (issue 50, items 2 and 3): the statement's total is the donor's net as the finances count it,
 * refunds netted; São Paulo's year boundary; the PDF read back through pdftotext names the donor with a masked
 * CPF, the total and a verification code anyone can check without learning whom it names; a company's
 * deduction declaration only when the NGO holds a title and only for gifts given as a company.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let campaign: { id: string; slug: string; title: string };
let today = '';
let thisYear = 0;
const pdfFolder = mkdtempSync(join(tmpdir(), 'semear-statements-'));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES', 'MANAGE_USERS', 'MANAGE_CAMPAIGNS']);
  campaign = await createCampaign(ctx.database.db, { title: 'Horta comunitária no Capão Redondo' });
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx.clock.now());
  thisYear = Number(today.slice(0, 4));
});
afterAll(async () => {
  rmSync(pdfFolder, { recursive: true, force: true });
  await ctx.close();
});

const companyContact = {
  is_company: true,
  corporate_name: 'Padaria Pão Quente Ltda',
  contact_name: 'João Souza',
  email: 'financeiro@paoquente.com.br',
  cnpj: '11.222.333/0001-81',
  telephone: '(11) 3333-4444',
};

async function cardGift(token: string, amount: number, contact?: typeof companyContact): Promise<string> {
  // A second apart: a statement lists gifts in the order they were confirmed.
  ctx.clock.advance(1000);
  const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }, { amount });
  const answer = await give(ctx.app, campaign.slug, contact ? { ...body, contact } : body, { token });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().donation.id;
}

async function refund(donationId: string, amount: number): Promise<void> {
  const answer = await call(
    ctx.app,
    'POST',
    `/api/v1/admin/donations/${donationId}/refunds`,
    { amount, reason: 'Pedido do doador' },
    { token: admin.token, headers: { 'idempotency-key': newKey() } },
  );
  expect(answer.statusCode, answer.body).toBe(201);
}

/** The PDF's text as pdftotext (poppler-utils) reads it: the file opens, and this is what it says. */
function pdfText(bytes: Buffer): string {
  const file = join(pdfFolder, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const codeIn = (text: string): string => /([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(text)?.[1] ?? '';

async function setOrganisation(title: 'none' | 'oscip'): Promise<void> {
  const values = {
    legalName: 'Associação Semear Brasil',
    cnpj: '12ABC34501DE35',
    address: {
      zip_code: '01310100',
      street_address: 'Avenida Paulista',
      house_number: '1578',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    representativeName: 'Ana Ribeiro',
    representativeRole: 'Presidente',
    deductionTitle: title,
    deductionTitleNumber: title === 'none' ? '' : '08071.012345/2019-11',
    deductionTitleDate: title === 'none' ? null : '2019-08-15',
  };
  await ctx.database.db
    .insert(organisationProfile)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organisationProfile.id, set: values });
}

describe('GET /users/profile/statements/{year}', () => {
  it("lists the year's gifts with refunds netted, and its total is the donor's net in the finances", async () => {
    const donor = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const first = await cardGift(donor.token, 10_000);
    const second = await cardGift(donor.token, 5000);
    const whole = await cardGift(donor.token, 2500);
    await cardGift(other.token, 7000);
    await refund(first, 3000);
    await refund(whole, 2500);

    const answer = await call(ctx.app, 'GET', `/api/v1/users/profile/statements/${thisYear}`, undefined, { token: donor.token });
    expect(answer.statusCode, answer.body).toBe(200);
    // It names the donor's gifts: no cache keeps it.
    expect(answer.headers['cache-control']).toBe('no-store');
    const statement = statementSchema.parse(answer.json());
    expect(statement.total).toBe(12_000);
    expect(statement.donations.map((d) => [d.id, d.amount, d.refunded, d.net])).toEqual([
      [first, 10_000, 3000, 7000],
      [second, 5000, 0, 5000],
      [whole, 2500, 2500, 0],
    ]);
    expect(statement.donations[0]).toMatchObject({
      campaign: campaign.title,
      method: 'card',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/),
    });

    // The finances' lines of this donor's gifts: gross less refunds (fees are the NGO's cost, not the donor's).
    const { lines } = await financeLinePage(ctx.database.db, { from: today, to: today }, { groups: 10_000, locale: 'pt' });
    const ids = new Set(statement.donations.map((d) => d.id));
    const mine = lines.filter((line) => line.donation_id !== null && ids.has(line.donation_id));
    expect(mine.reduce((sum, line) => sum + line.gross - line.refund, 0)).toBe(statement.total);

    const years = await call(ctx.app, 'GET', '/api/v1/users/profile/statements', undefined, { token: donor.token });
    expect(statementYearsSchema.parse(years.json())).toEqual([{ year: thisYear, total: 12_000, company_declaration: false }]);
  });

  it('counts a gift at 23:30 of 31 December in São Paulo in that year, and one at midnight in the next', async () => {
    const donor = await newSession(ctx.app);
    const last = thisYear - 1;
    const insert = (at: Date, amount: number) =>
      ctx.database.db
        .insert(donations)
        .values({
          userId: donor.user.id,
          amountCents: amount,
          status: 'confirmed',
          paymentMethod: 'pix',
          contact: {
            is_company: false,
            foreigner: false,
            name: 'Maria',
            corporate_name: null,
            contact_name: null,
            email: donor.user.email,
            cpf: '52998224725',
            cnpj: null,
            telephone: '11987654321',
          },
          receiptTokenHash: randomUUID(),
          createdAt: at,
          confirmedAt: at,
        })
        .returning({ id: donations.id });
    // 02:30 UTC of 1 January is 23:30 of 31 December in São Paulo (−03:00).
    const [december] = await insert(new Date(Date.UTC(thisYear, 0, 1, 2, 30)), 4000);
    const [january] = await insert(new Date(Date.UTC(thisYear, 0, 1, 3, 0)), 1500);
    const read = async (year: number) =>
      statementSchema.parse(
        (await call(ctx.app, 'GET', `/api/v1/users/profile/statements/${year}`, undefined, { token: donor.token })).json(),
      );
    const lastYear = await read(last);
    expect(lastYear.donations.map((d) => d.id)).toEqual([december!.id]);
    expect(lastYear.donations[0]?.date).toBe(`${last}-12-31T23:30:00-03:00`);
    expect((await read(thisYear)).donations.map((d) => d.id)).toEqual([january!.id]);
    const years = await call(ctx.app, 'GET', '/api/v1/users/profile/statements', undefined, { token: donor.token });
    expect(years.json()).toEqual([
      { year: thisYear, total: 1500, company_declaration: false },
      { year: last, total: 4000, company_declaration: false },
    ]);
  });

  it('refuses a bad or future year (400, translated), and anyone not signed in (401)', async () => {
    const donor = await newSession(ctx.app);
    for (const year of ['abc', '1999', String(thisYear + 1)]) {
      for (const suffix of ['', '.pdf']) {
        const answer = await call(ctx.app, 'GET', `/api/v1/users/profile/statements/${year}${suffix}`, undefined, {
          token: donor.token,
          locale: 'en',
        });
        expect(answer.statusCode, `${year}${suffix}`).toBe(400);
        expect(JSON.stringify(answer.json().message)).not.toMatch(/ano|Dados/);
      }
    }
    expect(
      (await call(ctx.app, 'GET', `/api/v1/users/profile/statements/${thisYear + 1}`, undefined, { token: donor.token })).json(),
    ).toMatchObject({
      code: 'document.year_future',
      message: 'Este ano ainda não começou.',
    });
    for (const url of [
      '/api/v1/users/profile/statements',
      `/api/v1/users/profile/statements/${thisYear}`,
      `/api/v1/users/profile/statements/${thisYear}.pdf`,
    ]) {
      expect((await call(ctx.app, 'GET', url)).statusCode).toBe(401);
    }
    const empty = await call(ctx.app, 'GET', `/api/v1/users/profile/statements/${thisYear}.pdf`, undefined, { token: donor.token });
    expect(empty.statusCode).toBe(404);
    expect(await ctx.database.db.select({ n: count() }).from(issuedDocuments).where(eq(issuedDocuments.userId, donor.user.id))).toEqual([
      { n: 0 },
    ]);
  });
});

describe('GET /users/profile/statements/{year}.pdf and GET /documents/{code}', () => {
  it('prints the NGO, the donor with a masked CPF, the total and a code that verifies; the same total keeps its code', async () => {
    await setOrganisation('none');
    const donor = await newSession(ctx.app, { name: 'Beatriz Andrade' });
    const gift = await cardGift(donor.token, 12_345);
    const download = () => call(ctx.app, 'GET', `/api/v1/users/profile/statements/${thisYear}.pdf`, undefined, { token: donor.token });
    const answer = await download();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="semear-comprovante-${thisYear}.pdf"`);
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('Associação Semear Brasil');
    expect(text).toContain('12.ABC.345/01DE-35');
    expect(text).toContain('Beatriz Andrade');
    expect(text).toContain('***.982.247-**');
    expect(text).not.toContain('529.982.247-25');
    expect(text).toContain('R$ 123,45');
    const code = codeIn(text);
    expect(code).not.toBe('');
    expect(text).toContain(`http://semear.test/recibos/${code}`);

    // Downloaded again with the same total: the same code. A refund changes the total: a new code, the old one still true.
    expect(codeIn(pdfText((await download()).rawPayload))).toBe(code);
    await refund(gift, 2345);
    const after = pdfText((await download()).rawPayload);
    expect(after).toContain('R$ 100,00');
    const newCode = codeIn(after);
    expect(newCode).not.toBe(code);

    const verified = await call(ctx.app, 'GET', `/api/v1/documents/${code}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(documentVerificationSchema.parse(verified.json())).toEqual({
      code,
      kind: 'statement',
      year: thisYear,
      total: 12_345,
      organisation: { legal_name: 'Associação Semear Brasil', cnpj: '12ABC34501DE35' },
      issued_at: expect.any(String),
    });
    // Nothing in it names the donor.
    expect(verified.body).not.toMatch(/Beatriz|982|@/);
    // Typed by hand: lower case, without dashes.
    const typed = await call(ctx.app, 'GET', `/api/v1/documents/${newCode.replace(/-/g, '').toLowerCase()}`);
    expect(typed.json()).toMatchObject({ code: newCode, total: 10_000 });

    const unknown = await call(ctx.app, 'GET', '/api/v1/documents/AAAA-BBBB-CCCC', undefined, { locale: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'document.not_found' });
    expect(unknown.json().message).not.toMatch(/documento/);
    expect((await call(ctx.app, 'GET', '/api/v1/documents/ABC')).statusCode).toBe(400);
  });
});

describe('company deduction declarations', () => {
  it("are refused (409) while the NGO holds no title, and for a person's gift (403); another donor's gift reads 404", async () => {
    await setOrganisation('none');
    const donor = await newSession(ctx.app);
    const company = await cardGift(donor.token, 20_000, companyContact);
    const person = await cardGift(donor.token, 3000);
    const url = (id: string) => `/api/v1/users/profile/declarations/donations/${id}.pdf`;
    const refused = await call(ctx.app, 'GET', url(company), undefined, { token: donor.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'document.declarations_unavailable' });
    expect(
      (await call(ctx.app, 'GET', `/api/v1/users/profile/declarations/${thisYear}.pdf`, undefined, { token: donor.token })).statusCode,
    ).toBe(409);

    await setOrganisation('oscip');
    const notCompany = await call(ctx.app, 'GET', url(person), undefined, { token: donor.token, locale: 'en' });
    expect(notCompany.statusCode).toBe(403);
    expect(notCompany.json()).toMatchObject({ code: 'document.not_company' });
    const stranger = await newSession(ctx.app);
    expect((await call(ctx.app, 'GET', url(company), undefined, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url(randomUUID()), undefined, { token: donor.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url('not-an-id'), undefined, { token: donor.token })).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', url(company))).statusCode).toBe(401);
  });

  it("declare a company's gift, and its year's gifts, under the NGO's title, signed by its representative, with a code", async () => {
    await setOrganisation('oscip');
    const donor = await newSession(ctx.app);
    const first = await cardGift(donor.token, 20_000, companyContact);
    await cardGift(donor.token, 5000, companyContact);
    await cardGift(donor.token, 3000);

    const statement = statementSchema.parse(
      (await call(ctx.app, 'GET', `/api/v1/users/profile/statements/${thisYear}`, undefined, { token: donor.token })).json(),
    );
    expect(statement.donations.map((d) => d.company_declaration)).toEqual([true, true, false]);
    const years = await call(ctx.app, 'GET', '/api/v1/users/profile/statements', undefined, { token: donor.token });
    expect(years.json()).toEqual([{ year: thisYear, total: 28_000, company_declaration: true }]);

    const one = await call(ctx.app, 'GET', `/api/v1/users/profile/declarations/donations/${first}.pdf`, undefined, {
      token: donor.token,
      locale: 'en',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const text = pdfText(one.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'Lei nº 9.249',
      'Associação Semear Brasil',
      '12.ABC.345/01DE-35',
      'Padaria Pão Quente Ltda',
      '11.222.333/0001-81',
      'R$ 200,00',
      'OSCIP',
      '08071.012345/2019-11',
      '15/08/2019',
      'aplica integralmente os recursos',
      'não distribui lucros',
      'Ana Ribeiro',
      'Presidente',
    ])
      expect(text, expected).toContain(expected);
    const code = codeIn(text);
    expect((await call(ctx.app, 'GET', `/api/v1/documents/${code}`)).json()).toMatchObject({
      kind: 'company_declaration_donation',
      total: 20_000,
      year: thisYear,
    });

    const year = await call(ctx.app, 'GET', `/api/v1/users/profile/declarations/${thisYear}.pdf`, undefined, { token: donor.token });
    expect(year.statusCode, year.body).toBe(200);
    const yearText = pdfText(year.rawPayload).replace(/\s+/g, ' ');
    // The company's two gifts, not the one given as a person.
    expect(yearText).toContain('R$ 250,00');
    expect(yearText).toContain('R$ 50,00');
    expect(yearText).not.toContain('R$ 30,00');
    expect((await call(ctx.app, 'GET', `/api/v1/documents/${codeIn(yearText)}`)).json()).toMatchObject({
      kind: 'company_declaration_year',
      total: 25_000,
    });
  });
});
