import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../server/auth/opaque-tokens';
import { donations, issuedDocuments, mailOutbox, organisationProfile } from '../../server/db/schema';
import { give, insertCampaign } from './helpers/campaign-fixtures';
import { newSession } from './helpers/fixtures';
import { outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * A guest's statement through their receipt (issue 50, item 2): the receipt asks, the statement of every guest
 * gift under the donation's e-mail goes to that e-mail, and its link answers the PDF with a verification code.
 */

let ctx: TestContext;
let campaignId: string;
const pdfFolder = mkdtempSync(join(tmpdir(), 'semear-guest-statements-'));

beforeAll(async () => {
  ctx = await createTestContext();
  campaignId = (await insertCampaign(ctx.database.db, { title: 'Cozinha solidária' })).id;
  const organisation = { legalName: 'Associação Semear Brasil', cnpj: '12ABC34501DE35' };
  await ctx.database.db
    .insert(organisationProfile)
    .values({ id: 1, ...organisation })
    .onConflictDoUpdate({ target: organisationProfile.id, set: organisation });
});
afterAll(() => ctx.close());

const saoPaulo = (isoLocal: string) => new Date(`${isoLocal}-03:00`);
const pdfText = (bytes: Buffer): string => {
  const file = join(pdfFolder, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

/** A guest gift whose receipt token the test holds, as the checkout's 201 hands it over. */
async function guestGift(email: string, at: Date, amountCents: number, options: { status?: 'pending'; userId?: string } = {}) {
  const donation = await give(ctx.database.db, campaignId, { email, at, amountCents, name: 'Joana Pereira', ...options });
  const receiptToken = randomUUID();
  await ctx.database.db
    .update(donations)
    .set({ receiptTokenHash: hashOpaqueToken(receiptToken) })
    .where(eq(donations.id, donation.id));
  return { id: donation.id, receiptToken };
}

const askMail = (donationId: string, receiptToken: string | null, locale?: string) =>
  call(ctx.app, 'POST', `/api/v1/donations/${donationId}/statement-mail`, undefined, {
    locale,
    headers: receiptToken ? { 'x-receipt-token': receiptToken } : {},
  });

const pdfLinkIn = (text: string): string => /http:\/\/semear\.test(\/api\/v1\/statements\/guest\/[^\s]+)/.exec(text)?.[1] ?? '';

describe('a guest’s statement through the receipt', () => {
  it('mails the year’s guest gifts under that e-mail to that e-mail, whose link answers the PDF', async () => {
    const email = `joana-${randomUUID()}@exemplo.com.br`;
    const first = await guestGift(email, saoPaulo('2030-04-01T10:00:00'), 5_000);
    await guestGift(email.toUpperCase(), saoPaulo('2030-12-31T23:30:00'), 2_000);
    await guestGift(email, saoPaulo('2031-01-01T00:30:00'), 9_900);
    await guestGift(`outra-${randomUUID()}@exemplo.com.br`, saoPaulo('2030-06-01T10:00:00'), 7_000);

    const asked = await askMail(first.id, first.receiptToken);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ year: 2030 });

    const [mail] = await outboxTo(ctx.database.db, email);
    expect(mail?.subject).toBe('Seu comprovante de doações de 2030');
    expect(mail?.text).toMatch(/Em 2030, as doações feitas sem conta com este e-mail somaram R\$\s70,00/);
    expect(mail?.text).toContain('01/04/2030 · Cozinha solidária');
    expect(mail?.text).toContain('31/12/2030 · Cozinha solidária');
    expect(mail?.text).not.toContain('99,00');

    const link = pdfLinkIn(mail?.text ?? '');
    const pdf = await call(ctx.app, 'GET', link);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Joana Pereira');
    expect(text).toContain('***.982.247-**');
    expect(text).toMatch(/R\$\s70,00/);
    const code = /([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(text)?.[1] ?? '';
    const [issued] = await ctx.database.db.select().from(issuedDocuments).where(eq(issuedDocuments.code, code));
    expect(issued).toMatchObject({ kind: 'statement', year: 2030, userId: null, donationId: first.id, totalCents: 7_000 });
    const verified = await call(ctx.app, 'GET', `/api/v1/documents/${code}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ year: 2030, total: 7_000 });
  });

  it('tells in the asker’s language', async () => {
    const email = `ana-${randomUUID()}@exemplo.com.br`;
    const gift = await guestGift(email, saoPaulo('2030-05-05T12:00:00'), 3_000);
    expect((await askMail(gift.id, gift.receiptToken, 'en')).statusCode).toBe(202);
    const [mail] = await outboxTo(ctx.database.db, email);
    expect(mail?.subject).toBe('Your 2030 donation statement');
  });

  it('without the receipt, with another’s, or for a made-up donation: 404 and no mail', async () => {
    const email = `bia-${randomUUID()}@exemplo.com.br`;
    const gift = await guestGift(email, saoPaulo('2030-03-03T12:00:00'), 3_000);
    const other = await guestGift(`carla-${randomUUID()}@exemplo.com.br`, saoPaulo('2030-03-03T12:00:00'), 3_000);
    const before = (await ctx.database.db.select().from(mailOutbox)).length;
    for (const answer of [
      await askMail(gift.id, null),
      await askMail(gift.id, other.receiptToken),
      await askMail(randomUUID(), gift.receiptToken),
      await askMail('not-a-uuid', gift.receiptToken),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().code).toBe('donation.not_found');
    }
    expect((await ctx.database.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('refuses, translated, a donation made signed in or not confirmed; and a forged or expired link', async () => {
    const donor = await newSession(ctx.app);
    const signedIn = await guestGift(donor.user.email, saoPaulo('2030-03-03T12:00:00'), 3_000, { userId: donor.user.id });
    const accountAnswer = await askMail(signedIn.id, signedIn.receiptToken);
    expect(accountAnswer.statusCode).toBe(409);
    expect(accountAnswer.json()).toMatchObject({ code: 'statement.account_donation' });
    expect(accountAnswer.json().message).toContain('Comprovantes');

    const pending = await guestGift(`dora-${randomUUID()}@exemplo.com.br`, saoPaulo('2030-03-03T12:00:00'), 3_000, { status: 'pending' });
    const pendingAnswer = await askMail(pending.id, pending.receiptToken, 'es');
    expect(pendingAnswer.statusCode).toBe(409);
    expect(pendingAnswer.json()).toMatchObject({ code: 'statement.not_confirmed' });
    expect(pendingAnswer.json().message).not.toContain('ainda não foi confirmada');

    const email = `eva-${randomUUID()}@exemplo.com.br`;
    const gift = await guestGift(email, saoPaulo('2030-03-03T12:00:00'), 3_000);
    expect((await askMail(gift.id, gift.receiptToken)).statusCode).toBe(202);
    const link = pdfLinkIn((await outboxTo(ctx.database.db, email))[0]?.text ?? '');
    const forged = link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    for (const path of [forged, `/api/v1/statements/guest/${gift.id}.9999999999.c2lnbmF0dXJl`, '/api/v1/statements/guest/qualquer-coisa']) {
      const answer = await call(ctx.app, 'GET', path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().code).toBe('statement.link_invalid');
    }
    ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
    const expired = await call(ctx.app, 'GET', link);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('statement.link_invalid');
  });
});
