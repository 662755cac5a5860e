import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardOrderResultSchema, recipientSheetResultSchema } from '../../contracts/gift-card-orders';
import { issuePendingBatches } from '../../server/services/gift-cards/orders/issue-batches';
import { deleteStaleRecipientSheets } from '../../server/services/gift-cards/orders/recipient-sheets';
import { createStorage } from '../../server/services/storage/create-storage';
import { checkOrderInvariants } from '../../server/services/gift-cards/orders/order-ledger';
import { createTranslator } from '../../server/i18n/translator';
import { createMailSender } from '../../server/services/mail/mail-outbox';
import { RecipientRefused, type MailTransport } from '../../server/services/mail/mail-transport';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, newKey, outboxTo, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';
import { xlsxBomb } from '../support/xlsx-bomb';

let ctx: TestContext;
let company: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext();
  company = await newSession(ctx.app);
});
afterAll(() => ctx.close());

const companyContact = {
  is_company: true,
  corporate_name: 'Padaria Pão Quente Ltda',
  contact_name: 'Joana Lima',
  name: 'Padaria Pão Quente',
  email: 'rh@paoquente.com.br',
  cnpj: '12.ABC.345/01DE-35',
  telephone: '(11) 3333-4444',
};
const stamp = Date.now();
const staff = (n: number) => [`Pessoa ${n} da Silva`, `pessoa${n}-${stamp}@paoquente.com.br`];

/** An xlsx of `count` people, two of them refused: one without a name (line 5), one e-mail twice (line 9). */
function staffSheet(count: number): Uint8Array {
  const rows: unknown[][] = [['Nome', 'E-mail'], ...Array.from({ length: count }, (_, i) => staff(i + 1))];
  rows[4] = ['', 'sem-nome@paoquente.com.br'];
  rows[8] = ['Repetida', staff(2)[1]];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Equipe');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

const upload = (url: string, bytes: Uint8Array, type: string, token = company.token) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: Buffer.from(bytes) });
const uploadSheet = (bytes: Uint8Array) => upload('/api/v1/gift-card-recipient-sheets', bytes, 'application/octet-stream');
const logo = async () =>
  (
    await upload(
      '/api/v1/gift-card-logos',
      await sharp({ create: { width: 1900, height: 900, channels: 3, background: '#1F8A5B' } })
        .png()
        .toBuffer(),
      'image/png',
    )
  ).json() as { id: string };

const corporate = (body: unknown, token = company.token) =>
  call(ctx.app, 'POST', '/api/v1/gift-card-orders/corporate', body, { token, headers: { 'idempotency-key': newKey() } });
const orderBody = async (recipients: unknown, overrides: Record<string, unknown> = {}) => ({
  definition: { value: 5000, template: 'gratidao', message: 'Obrigado pelo ano!', from: 'Padaria Pão Quente', recipients, ...overrides },
  contact: companyContact,
  payment: { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
  address: brazilianAddress,
});
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
const read = (id: string) => call(ctx.app, 'GET', `/api/v1/gift-card-orders/${id}`, undefined, { token: company.token });

describe('corporate gift cards', () => {
  it('an xlsx of 120 with two refused rows, a logo, paid by card: the batch is issued with progress, each recipient mailed, the codes downloadable', async () => {
    const sheet = await uploadSheet(staffSheet(120));
    expect(sheet.statusCode, sheet.body).toBe(201);
    const parsedSheet = recipientSheetResultSchema.parse(sheet.json());
    expect(parsedSheet.accepted).toBe(118);
    expect(parsedSheet.rejected.map((r) => [r.line, r.problems])).toEqual([
      [5, ['O nome é obrigatório']],
      [9, ['E-mail repetido na planilha']],
    ]);

    const { id: logoId } = await logo();
    const placed = await corporate(
      await orderBody({ source: 'sheet', sheet_id: parsedSheet.id, shipping: { mode: 'email_now' } }, { logo_id: logoId }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const answer = giftCardOrderResultSchema.parse(placed.json());
    expect(answer.order).toMatchObject({
      kind: 'corporate',
      status: 'paid',
      quantity: 118,
      total: 590_000,
      logo_url: `/img/logos/${logoId}.png`,
    });

    // The batch goes on in the background; the reconciliation pass finishes whatever is left.
    await issuePendingBatches({ db: ctx.database.db, clock: ctx.clock, translator: createTranslator(), config: ctx.config });
    const done = giftCardOrderResultSchema.parse((await read(answer.order.id)).json()).order;
    expect(done.issued).toBe(118);
    expect(done.cards).toHaveLength(118);
    expect(done.cards.every((card) => card.delivery === 'sent' && /^[0-9a-f-]{36}$/.test(card.code ?? ''))).toBe(true);
    expect(done.money).toEqual({ purchased: 590_000, redeemed: 0, spent: 0, donated_on_expiry: 0, reversed: 0, outstanding: 590_000 });
    const [mail] = await outboxTo(ctx.database.db, staff(120)[1] as string);
    // A company's cards are bulk mail: person-to-person mail (a reset link, a receipt) goes before them.
    expect(mail?.priority).toBe(1);
    expect((await outboxTo(ctx.database.db, companyContact.email)).map((m) => m.priority)).toEqual([0]);
    expect(mail?.subject).toBe('Padaria Pão Quente enviou para você um gift card Semear de R$ 50,00');
    // The company's logo is on its cards: in each e-mail and on every printed card.
    expect(mail?.html).toContain(`/img/logos/${logoId}.png`);
    expect(await checkOrderInvariants(ctx.database.db)).toEqual([]);
    const pdf = await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${answer.order.id}/cards.pdf`, undefined, { token: company.token });
    expect(pdf.statusCode).toBe(200);
    const images = (await PDFDocument.load(pdf.rawPayload)).context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    // One logo, embedded once, and a QR code per card.
    expect(images).toHaveLength(1 + 118);

    const csv = await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${answer.order.id}/codes.csv`, undefined, { token: company.token });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(119);
  });

  it("an address the recipient's server refuses shows as bounced on the batch page; corrected, the same card goes again", async () => {
    const sheet = recipientSheetResultSchema.parse((await uploadSheet(staffSheet(20))).json());
    const placed = giftCardOrderResultSchema.parse(
      (await corporate(await orderBody({ source: 'sheet', sheet_id: sheet.id, shipping: { mode: 'email_now' } }))).json(),
    );
    await issuePendingBatches({ db: ctx.database.db, clock: ctx.clock, translator: createTranslator(), config: ctx.config });
    const wrong = staff(3)[1] as string;
    // The recipients' server knows everyone but one address (a 550 to RCPT TO).
    const refusing: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        if (mail.to === wrong) throw new RecipientRefused('550 5.1.1 <' + wrong + '>: no such user');
        return '250 ok';
      },
      close: () => {},
    };
    const sender = createMailSender({ db: ctx.database.db, transport: refusing, clock: ctx.clock, from: 'x@semear.dev', log: silentLog });
    while ((await sender.runOnce()) > 0);

    const bounced = giftCardOrderResultSchema.parse((await read(placed.order.id)).json()).order;
    expect(bounced.stats).toMatchObject({ issued: 18, delivered: 18, bounced: 1 });
    const card = bounced.cards.find((c) => c.recipient_email === wrong);
    expect(card?.delivery).toBe('bounced');
    expect(bounced.cards.filter((c) => c.delivery === 'bounced')).toHaveLength(1);

    const corrected = `corrigido-${wrong}`;
    const fixed = await call(
      ctx.app,
      'PATCH',
      `/api/v1/gift-card-orders/${placed.order.id}/cards/${card?.position}`,
      { recipient_email: corrected },
      { token: company.token },
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = giftCardOrderResultSchema.parse(fixed.json()).order;
    expect(after.stats).toMatchObject({ delivered: 18, bounced: 0 });
    expect(after.cards.find((c) => c.position === card?.position)).toMatchObject({
      recipient_email: corrected,
      delivery: 'sent',
      code: card?.code,
    });
    expect(await outboxTo(ctx.database.db, corrected)).toHaveLength(1);
  });

  it('codes only, no spreadsheet: the company gets the codes to hand out, nobody an e-mail', async () => {
    const placed = giftCardOrderResultSchema.parse((await corporate(await orderBody({ source: 'codes', quantity: 30 }))).json());
    await issuePendingBatches({ db: ctx.database.db, clock: ctx.clock, translator: createTranslator(), config: ctx.config });
    const done = giftCardOrderResultSchema.parse((await read(placed.order.id)).json()).order;
    expect(done).toMatchObject({ issued: 30, shipping_mode: 'pdf' });
    expect(done.cards.every((card) => card.delivery === 'pdf' && card.code !== null)).toBe(true);
  });

  it('refuses what a batch cannot be, writing nothing', async () => {
    const sheet = recipientSheetResultSchema.parse((await uploadSheet(staffSheet(20))).json());
    const { id: logoId } = await logo();
    const fewForLogo = await corporate(
      await orderBody({ source: 'sheet', sheet_id: sheet.id, shipping: { mode: 'email_now' } }, { logo_id: logoId }),
    );
    expect(fewForLogo.statusCode).toBe(400);
    expect(fewForLogo.json().message).toEqual(['O logo da empresa está disponível em pedidos a partir de 100 cartões']);
    const person = await orderBody({ source: 'codes', quantity: 5 });
    const notCompany = await corporate({
      ...person,
      contact: { name: 'Maria', email: 'maria@exemplo.com.br', cpf: '529.982.247-25', telephone: '(11) 98765-4321' },
    });
    expect(notCompany.statusCode).toBe(400);
    expect(notCompany.json().message).toContain('Pedidos corporativos são feitos em nome de uma empresa (CNPJ)');
    const tooMany = await corporate(await orderBody({ source: 'codes', quantity: 100_001 }));
    expect(tooMany.json().message).toEqual(['Escolha de 1 a 100.000 cartões']);
    const unknownSheet = await corporate(
      await orderBody({ source: 'sheet', sheet_id: crypto.randomUUID(), shipping: { mode: 'email_now' } }),
    );
    expect(unknownSheet.statusCode).toBe(404);
    expect(unknownSheet.json().message).toBe('Não encontramos essa planilha. Envie o arquivo de novo.');
    // Another company's spreadsheet is not there for this one, even knowing its id.
    const rival = await newSession(ctx.app);
    const theirs = await corporate(await orderBody({ source: 'sheet', sheet_id: sheet.id, shipping: { mode: 'email_now' } }), rival.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Não encontramos essa planilha. Envie o arquivo de novo.');
    expect(
      (await call(ctx.app, 'POST', '/api/v1/gift-card-orders/corporate', person, { headers: { 'idempotency-key': newKey() } })).statusCode,
    ).toBe(401);

    const tooBig = await uploadSheet(new Uint8Array(2 * 1024 * 1024 + 1).fill(65));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('A planilha deve ter no máximo 2 MB');
  });

  it("a spreadsheet's names and e-mails are kept a day, then deleted: an order made from it keeps its own copy, a late one is asked for the file again", async () => {
    const used = recipientSheetResultSchema.parse((await uploadSheet(staffSheet(12))).json());
    const placed = await corporate(await orderBody({ source: 'sheet', sheet_id: used.id, shipping: { mode: 'email_now' } }));
    expect(placed.statusCode, placed.body).toBe(201);
    const late = recipientSheetResultSchema.parse((await uploadSheet(staffSheet(12))).json());
    const deps = { db: ctx.database.db, storage: createStorage(ctx.config.storage) };
    const stored = (id: string) => deps.storage.get(`sheets/${company.user.id}/${id}.json`);
    const uploadedAt = ctx.clock.now().getTime();

    expect(await deleteStaleRecipientSheets(deps, new Date(uploadedAt + 23 * 3600_000))).toBe(0);
    expect(await stored(late.id)).not.toBeNull();
    expect(await deleteStaleRecipientSheets(deps, new Date(uploadedAt + 25 * 3600_000))).toBeGreaterThanOrEqual(2);
    expect(await stored(used.id)).toBeNull();
    expect(await stored(late.id)).toBeNull();

    const tooLate = await corporate(await orderBody({ source: 'sheet', sheet_id: late.id, shipping: { mode: 'email_now' } }));
    expect(tooLate.statusCode).toBe(404);
    expect(tooLate.json().message).toBe('Não encontramos essa planilha. Envie o arquivo de novo.');
    const order = giftCardOrderResultSchema.parse((await read(giftCardOrderResultSchema.parse(placed.json()).order.id)).json()).order;
    expect(order.quantity).toBe(10);
  });

  it("refuses a zip bomb (120 MB unpacked from under 1 MB) with a clear message in the sender's language, while the server keeps answering", async () => {
    const bomb = xlsxBomb({ unpackedMb: 120 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const healthTimes: number[] = [];
    let reading = true;
    const answered = uploadSheet(bomb).finally(() => (reading = false));
    while (reading) {
      const started = performance.now();
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      healthTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answer = await answered;
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'Esta planilha é grande demais para ler. Envie só as colunas de nome e e-mail, com até 100.000 linhas.',
    );
    expect(Math.max(...healthTimes)).toBeLessThan(100);
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/gift-card-recipient-sheets',
      headers: { authorization: `Bearer ${company.token}`, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
      payload: Buffer.from(bomb),
    });
    expect(english.json().message).toMatch(/too large/i);
  });
});
