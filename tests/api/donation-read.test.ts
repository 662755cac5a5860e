import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationResultSchema, type DonationResult } from '../../contracts/donations';
import { issueGiftCard } from '../../server/services/ledger';
import { newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, moneyRowCounts, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * GET /donations/{id} as the thank-you page reads it: what the donation really was (never an amount
 * from the URL), and for a gift card what is left on it. Only its donor or the holder of its receipt
 * token may read it; everyone else gets the same 404 as for a donation that does not exist.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let campaign: { id: string; slug: string; title: string };

beforeAll(async () => {
  ctx = await createTestContext();
  campaign = await createCampaign(ctx.database.db);
});
afterAll(() => ctx.close());

const result = (body: unknown): DonationResult => donationResultSchema.parse(body);
const read = (id: string, options: { receipt?: string; token?: string } = {}) =>
  call(ctx.app, 'GET', `/api/v1/donations/${id}`, undefined, {
    token: options.token,
    headers: options.receipt === undefined ? {} : { 'x-receipt-token': options.receipt },
  });
const newGiftCard = (valueCents: number) =>
  ctx.database.db.transaction((tx) => issueGiftCard(tx, { valueCents, expiresAt: new Date(Date.now() + 100 * DAY_MS) }));

describe('GET /donations/{id}: a donation paid with a gift card', () => {
  it("says what was left on the card right after each payment, and the card's expiry", async () => {
    const card = await newGiftCard(8000);
    const first = result(
      (await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 5000 }))).json(),
    );
    const second = result(
      (await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 3000 }))).json(),
    );

    const firstRead = await read(first.donation.id, { receipt: first.receipt_token });
    expect(firstRead.statusCode).toBe(200);
    expect(result(firstRead.json())).toMatchObject({
      donation: {
        id: first.donation.id,
        amount: 5000,
        status: 'confirmed',
        payment_method: 'gift_card',
        campaign: { slug: campaign.slug },
      },
      gift_card: { balance: 3000, expires_at: card.expiresAt.toISOString() },
    });
    // The second payment used the card up; the first one's answer still says what was left after it.
    expect(result((await read(second.donation.id, { receipt: second.receipt_token })).json()).gift_card).toEqual({
      balance: 0,
      expires_at: card.expiresAt.toISOString(),
    });
    expect(result((await read(first.donation.id, { receipt: first.receipt_token })).json()).gift_card?.balance).toBe(3000);
  });

  it('the signed-in donor reads it without the receipt token; a card donation carries no gift_card', async () => {
    const donor = await newSession(ctx.app);
    const card = await newGiftCard(10000);
    const paid = result(
      (
        await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 2500 }), { token: donor.token })
      ).json(),
    );
    const own = await read(paid.donation.id, { token: donor.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ donation: { amount: 2500 }, gift_card: { balance: 7500 } });
    expect(own.json().receipt_token).toBeUndefined();

    const byCard = result(
      (await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }))).json(),
    );
    const cardRead = await read(byCard.donation.id, { receipt: byCard.receipt_token });
    expect(cardRead.statusCode).toBe(200);
    expect(cardRead.json().gift_card).toBeUndefined();
  });
});

describe('GET /donations/{id}: who may read it', () => {
  it('another donor, a guest without the token, a wrong token and a token of another donation all get 404, and nothing is written', async () => {
    const donor = await newSession(ctx.app);
    const stranger = await newSession(ctx.app);
    const card = await newGiftCard(6000);
    const theirs = result(
      (
        await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 1000 }), { token: donor.token })
      ).json(),
    );
    const other = result(
      (await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 1000 }))).json(),
    );
    const before = await moneyRowCounts(ctx.database.db);

    const refusals = [
      await read(theirs.donation.id, { token: stranger.token }),
      await read(theirs.donation.id),
      await read(theirs.donation.id, { receipt: 'not-the-token' }),
      await read(theirs.donation.id, { receipt: '' }),
      await read(theirs.donation.id, { receipt: other.receipt_token }),
      // The stranger holding another donation's token still cannot read this one.
      await read(theirs.donation.id, { token: stranger.token, receipt: other.receipt_token }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'donation.not_found', message: expect.any(String) });
      expect(refused.body).not.toContain('gift_card"');
    }
    // The donor's own token and the guest's receipt still read them.
    expect((await read(theirs.donation.id, { token: donor.token })).statusCode).toBe(200);
    expect((await read(other.donation.id, { receipt: other.receipt_token })).statusCode).toBe(200);
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('an id that is not a UUID or does not exist is the same 404', async () => {
    for (const id of ['abc', '0b9e8c3a-1d2e-4f5a-8b7c-6d5e4f3a2b1c', '%27%20or%201%3D1']) {
      const answer = await read(id, { receipt: 'x' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('donation.not_found');
    }
  });
});
