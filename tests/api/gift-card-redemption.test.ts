import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardRedeemedSchema } from '../../contracts/gift-cards';
import { issueGiftCard, walletLots } from '../../server/services/ledger';
import { newSession, signIn } from './helpers/fixtures';
import { createCampaign, donationBody, give, moneyRowCounts } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const issue = (valueCents: number, validForMs = 120 * DAY_MS) =>
  ctx.database.db.transaction((tx) => issueGiftCard(tx, { valueCents, expiresAt: new Date(ctx.clock.now().getTime() + validForMs) }));
const redeem = (token: string | undefined, code: unknown, locale?: string) =>
  call(ctx.app, 'POST', '/api/v1/gift-cards/redemptions', { code }, { token, locale });
const balanceOf = async (session: { token: string; user: { id: string } }) =>
  (await call(ctx.app, 'GET', `/api/v1/donors/${session.user.id}/wallets/balance`, undefined, { token: session.token })).json().data;

describe('POST /gift-cards/redemptions', () => {
  it("puts what is left on the card in the donor's wallet as a lot keeping the card's expiry, once", async () => {
    const donor = await newSession(ctx.app);
    const card = await issue(8000);
    const response = await redeem(donor.token, card.code.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(giftCardRedeemedSchema.parse(response.json())).toEqual({
      amount: 8000,
      expires_at: card.expiresAt.toISOString(),
      balance: 8000,
      already_redeemed: false,
      redeemed_at: expect.any(String),
    });
    expect(await balanceOf(donor)).toBe(8000);
    expect(await walletLots(ctx.database.db, donor.user.id, ctx.clock.now())).toEqual([
      expect.objectContaining({ origin: 'gift_card', amountCents: 8000, remainingCents: 8000, expiresAt: card.expiresAt }),
    ]);

    // A retry (the answer was lost, or the code typed again) credits nothing more and says it was
    // redeemed before, and when (issue 47, item 7).
    const again = await redeem(donor.token, card.code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...response.json(), already_redeemed: true });
    expect(await balanceOf(donor)).toBe(8000);

    // The card no longer pays, and nobody else can redeem it.
    expect((await call(ctx.app, 'GET', `/api/v1/gift-cards/${card.code}`)).statusCode).toBe(404);
    const other = await newSession(ctx.app);
    const theirs = await redeem(other.token, card.code);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'gift_card.not_found', message: 'Gift-card não encontrado' });
    expect(await balanceOf(other)).toBe(0);
  });

  it('redeems only what is left after the card paid a donation', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const card = await issue(6000);
    const paid = await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 2500 }));
    expect(paid.statusCode, paid.body).toBe(201);
    const donor = await newSession(ctx.app);
    expect((await redeem(donor.token, card.code)).json()).toMatchObject({ amount: 3500, balance: 3500 });
  });

  it('refuses unknown, expired and used-up cards with the spec message in each language, writing nothing', async () => {
    const expired = await issue(5000, DAY_MS);
    ctx.clock.advance(2 * DAY_MS);
    const donor = await newSession(ctx.app);
    const before = await moneyRowCounts(ctx.database.db);
    for (const [locale, message] of [
      ['pt-BR', 'Gift-card não encontrado'],
      ['en', 'Gift card not found'],
      ['es', 'Tarjeta de regalo no encontrada'],
    ] as const) {
      const unknown = await redeem(donor.token, randomUUID(), locale);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'gift_card.not_found', message });
    }
    expect((await redeem(donor.token, expired.code)).statusCode).toBe(404);
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
    expect(await balanceOf(donor)).toBe(0);
  });

  it("refuses what is not a code with 'Código inserido é inválido' (pt, en, es)", async () => {
    const donor = await newSession(ctx.app);
    for (const [locale, message] of [
      ['pt-BR', 'Código inserido é inválido'],
      ['en', 'The code entered is invalid'],
      ['es', 'El código ingresado no es válido'],
    ] as const) {
      for (const code of ['', 'abc', '1234-5678', null, 42, 'a\u0000b', 'x'.repeat(10_000)]) {
        const response = await redeem(donor.token, code, locale);
        expect(response.statusCode, String(code)).toBe(400);
        expect(JSON.stringify(response.json())).toContain(message);
      }
    }
  });

  it('needs a signed-in donor', async () => {
    const card = await issue(4000);
    const response = await redeem(undefined, card.code);
    expect(response.statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `/api/v1/gift-cards/${card.code}`)).json()).toMatchObject({ balance: 4000 });
  });

  it('after five wrong codes in a quarter of an hour the donor waits, even with a right one; right codes do not count', async () => {
    const donor = await newSession(ctx.app);
    const card = await issue(3000);
    const right = await issue(3000);
    expect((await redeem(donor.token, right.code)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await redeem(donor.token, randomUUID())).statusCode).toBe(404);
    const blocked = await redeem(donor.token, card.code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente de novo.' });
    // Another donor is not held back.
    const other = await newSession(ctx.app);
    expect((await redeem(other.token, randomUUID())).statusCode).toBe(404);
    ctx.clock.advance(15 * 60 * 1000 + 1);
    const later = await signIn(ctx.app, donor.input.email, donor.input.password);
    expect((await redeem(later.token, card.code)).json()).toMatchObject({ amount: 3000, balance: 6000 });
  });

  it('60 wrong codes sent at once: five are tried, the rest wait', async () => {
    const donor = await newSession(ctx.app);
    const answers = await Promise.all(Array.from({ length: 60 }, () => redeem(donor.token, randomUUID())));
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(55);
  });

  it('two tabs redeeming the same card at once credit it once', async () => {
    const donor = await newSession(ctx.app);
    const card = await issue(7000);
    const answers = await Promise.all([redeem(donor.token, card.code), redeem(donor.token, card.code), redeem(donor.token, card.code)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await balanceOf(donor)).toBe(7000);
  });
});
