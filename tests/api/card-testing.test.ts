import { and, count, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardInput } from '../../contracts/cards';
import type { DonationRequestInput } from '../../contracts/donations';
import { donations, mailOutbox, payments, sandboxPayments, savedCards } from '../../server/db/schema';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, newKey } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '../support/stand-ins/challenge/siteverify';

let ctx: TestContext;
let adminEmail: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES']);
  adminEmail = admin.input.email;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let cardCounter = 0;

/** A one-time token of a card, tokenised from `address` as the donor's browser would (each call another expiry: another card). */
async function tokenFrom(
  app: FastifyInstance,
  address: string,
  card: { number: string; cvv: string } = SANDBOX_TEST_CARDS.declined,
  expiry?: string,
): Promise<string> {
  cardCounter += 1;
  const input: CardInput = {
    card_number: card.number,
    exp_date: expiry ?? `${String((cardCounter % 12) + 1).padStart(2, '0')}/${40 + Math.floor(cardCounter / 12)}`,
    cvv: card.cvv,
    holder_name: 'Maria da Silva',
    holder_document: '52998224725',
  };
  const response = await app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: input, remoteAddress: address });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { token: string }).token;
}

function giveFrom(app: FastifyInstance, address: string, slug: string, body: DonationRequestInput, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/campaigns/${slug}/donations`,
    payload: body as unknown as Record<string, unknown>,
    remoteAddress: address,
    headers: { 'idempotency-key': newKey(), ...headers },
  });
}

/** Card charges the sandbox gateway received for the campaign's donations: what reached the gateway. */
async function chargesReachingGateway(campaignId: string): Promise<number> {
  const ids = (
    await db()
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(donations, eq(donations.id, payments.donationId))
      .where(eq(donations.campaignId, campaignId))
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  const [row] = await db()
    .select({ n: count() })
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.kind, 'card'), inArray(sandboxPayments.idempotencyKey, ids)));
  return Number(row?.n ?? 0);
}

async function donationsOf(campaignId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(donations).where(eq(donations.campaignId, campaignId));
  return Number(row?.n ?? 0);
}

async function alertsAbout(title: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, adminEmail), like(mailOutbox.subject, `%${title}%`)));
  return Number(row?.n ?? 0);
}

const declinedCard = (token: string): DonationRequestInput['payment'] => ({ method: 'card', card_token: token });

describe('card testing without a challenge provider: the campaign is slowed down', () => {
  let campaign: { id: string; slug: string; title: string };
  const statuses: number[] = [];
  let slowed: { headers: Record<string, unknown>; body: { code: string; message: string } } | null = null;

  beforeAll(async () => {
    campaign = await createCampaign(db(), { title: `Cozinha solidária ${Date.now()}` });
    // 40 declining cards, each from its own address (127.0.0.1 to 127.0.0.40), one after the other.
    for (let i = 1; i <= 40; i++) {
      const address = `127.0.0.${i}`;
      const answer = await giveFrom(ctx.app, address, campaign.slug, donationBody(declinedCard(await tokenFrom(ctx.app, address))));
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429 && !slowed) slowed = { headers: answer.headers, body: answer.json() };
    }
  });

  it('lets fewer than 30 of 40 declined cards from 40 addresses reach the gateway', async () => {
    const reached = await chargesReachingGateway(campaign.id);
    console.info(`card testing: ${reached} of 40 declined cards reached the gateway (slowed down)`);
    expect(reached).toBeLessThan(30);
    expect(reached).toBeLessThanOrEqual(12);
    expect(statuses.filter((s) => s === 402)).toHaveLength(reached);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - reached);
  });

  it('answers the others 429 with Retry-After and a translated message, writing no donation', async () => {
    expect(slowed?.body).toEqual({
      code: 'payment.card_slowed',
      message: 'Esta campanha está recebendo muitas tentativas com cartão. Aguarde um pouco e tente de novo, ou doe com PIX.',
    });
    expect(Number(slowed?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await donationsOf(campaign.id)).toBe(await chargesReachingGateway(campaign.id));
    const english = await giveFrom(
      ctx.app,
      '127.0.0.41',
      campaign.slug,
      donationBody(declinedCard(await tokenFrom(ctx.app, '127.0.0.41'))),
      {
        'accept-language': 'en',
      },
    );
    expect(english.statusCode).toBe(429);
    expect(english.json().message).toBe(
      'This campaign is receiving too many card attempts. Please wait a little and try again, or give with PIX.',
    );
  });

  it('tells the admins with MANAGE_FINANCES once per burst, not per decline', async () => {
    expect(await alertsAbout(campaign.title)).toBe(1);
  });

  it('leaves PIX donors alone', async () => {
    const answer = await giveFrom(ctx.app, '127.0.0.42', campaign.slug, donationBody({ method: 'pix' }));
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('leaves a signed-in donor paying with a saved card alone', async () => {
    const donor = await newSession(ctx.app);
    const other = await createCampaign(db());
    const saving = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/campaigns/${other.slug}/donations`,
      payload: donationBody({
        method: 'card',
        card_token: await tokenFrom(ctx.app, '127.0.1.1', SANDBOX_TEST_CARDS.visaApproved),
        save_card: true,
      }) as never,
      headers: { authorization: `Bearer ${donor.token}`, 'idempotency-key': newKey() },
      remoteAddress: '127.0.1.1',
    });
    expect(saving.statusCode, saving.body).toBe(201);
    const [card] = await db().select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.userId, donor.user.id));
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/campaigns/${campaign.slug}/donations`,
      payload: donationBody({ method: 'saved_card', card_id: card!.id }) as never,
      headers: { authorization: `Bearer ${donor.token}`, 'idempotency-key': newKey() },
      remoteAddress: '127.0.1.1',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().donation.status).toBe('confirmed');
  });

  it('admits one new card per interval, and lifts the guard once the burst is over', async () => {
    const attempt = async () =>
      (await giveFrom(ctx.app, '127.0.2.1', campaign.slug, donationBody(declinedCard(await tokenFrom(ctx.app, '127.0.2.1'))))).statusCode;
    ctx.clock.advance(31_000);
    expect(await attempt()).toBe(402);
    expect(await attempt()).toBe(429);
    ctx.clock.advance(31 * 60_000);
    const approved = await giveFrom(
      ctx.app,
      '127.0.2.2',
      campaign.slug,
      donationBody({ method: 'card', card_token: await tokenFrom(ctx.app, '127.0.2.2', SANDBOX_TEST_CARDS.visaApproved) }),
    );
    expect(approved.statusCode, approved.body).toBe(201);
    expect(await alertsAbout(campaign.title)).toBe(1);
  });

  it('guards every campaign one card was declined on, three campaigns in the hour', async () => {
    const tried = [];
    for (const n of [1, 2, 3]) tried.push(await createCampaign(db(), { title: `Biblioteca ${n} ${Date.now()}` }));
    for (const [i, each] of tried.entries()) {
      const address = `127.0.3.${i + 1}`;
      const token = await tokenFrom(ctx.app, address, SANDBOX_TEST_CARDS.declined, '07/39');
      expect((await giveFrom(ctx.app, address, each.slug, donationBody(declinedCard(token)))).statusCode).toBe(402);
    }
    for (const each of tried) {
      const token = await tokenFrom(ctx.app, '127.0.3.9', SANDBOX_TEST_CARDS.visaApproved);
      expect((await giveFrom(ctx.app, '127.0.3.9', each.slug, donationBody(declinedCard(token)))).statusCode).toBe(429);
      expect(await alertsAbout(each.title)).toBe(1);
    }
  });
});

describe('card testing sent all at once', () => {
  it('counts unanswered attempts like declines, so a parallel flood of 40 is stopped before its answers arrive', async () => {
    const campaign = await createCampaign(db());
    const tokens: string[] = [];
    for (let i = 1; i <= 40; i++) tokens.push(await tokenFrom(ctx.app, `127.0.5.${i}`));
    const answers = await Promise.all(
      tokens.map((token, i) => giveFrom(ctx.app, `127.0.5.${i + 1}`, campaign.slug, donationBody(declinedCard(token)))),
    );
    const reached = await chargesReachingGateway(campaign.id);
    console.info(`card testing: ${reached} of 40 declined cards sent at once reached the gateway (slowed down)`);
    expect(reached).toBeLessThan(30);
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(reached);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - reached);
  });
});

describe('card testing with a challenge provider (Turnstile, against a stand-in of its siteverify)', () => {
  let standIn: SiteverifyStandIn;
  let app: FastifyInstance;
  let campaign: { id: string; slug: string; title: string };

  beforeAll(async () => {
    standIn = await startSiteverifyStandIn({ provider: 'turnstile', secret: 'turnstile-secret', siteKey: '0x4AAAAAAAtest' });
    app = await ctx.buildAnotherApp({
      CARD_CHALLENGE_PROVIDER: 'turnstile',
      CARD_CHALLENGE_SITE_KEY: '0x4AAAAAAAtest',
      CARD_CHALLENGE_SECRET: 'turnstile-secret',
      CARD_CHALLENGE_VERIFY_URL: standIn.url,
      CARD_TESTING_DECLINES_PER_MINUTE: '2',
    });
    campaign = await createCampaign(db());
    for (let i = 1; i <= 3; i++) {
      const address = `127.0.4.${i}`;
      expect((await giveFrom(app, address, campaign.slug, donationBody(declinedCard(await tokenFrom(app, address))))).statusCode).toBe(402);
    }
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
  });

  const cardWith = async (challenge_token?: string) =>
    giveFrom(
      app,
      '127.0.4.9',
      campaign.slug,
      donationBody({ method: 'card', card_token: await tokenFrom(app, '127.0.4.9', SANDBOX_TEST_CARDS.visaApproved), challenge_token }),
    );

  it('asks for the challenge, naming the provider and site key, and writes nothing', async () => {
    const before = await donationsOf(campaign.id);
    const answer = await cardWith();
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      code: 'payment.challenge_required',
      message: 'Esta campanha está recebendo muitas tentativas com cartão. Confirme que você não é um robô para continuar.',
      challenge: {
        provider: 'turnstile',
        site_key: '0x4AAAAAAAtest',
        script_url: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
      },
    });
    expect(await donationsOf(campaign.id)).toBe(before);
  });

  it('refuses a token the provider refuses (unknown, of another site, replayed), writing nothing', async () => {
    const before = await donationsOf(campaign.id);
    for (const token of ['not-a-token', standIn.issueToken({ hostname: 'elsewhere.example' })]) {
      const answer = await cardWith(token);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({
        code: 'payment.challenge_required',
        message: 'A verificação não foi aceita ou expirou. Confirme de novo que você não é um robô.',
      });
    }
    expect(await donationsOf(campaign.id)).toBe(before);
  });

  it('lets a solved challenge through, once, checked at siteverify with the form the provider documents', async () => {
    const token = standIn.issueToken();
    const passed = await cardWith(token);
    expect(passed.statusCode, passed.body).toBe(201);
    expect(standIn.requests.at(-1)).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      fields: { secret: 'turnstile-secret', response: token, remoteip: '127.0.4.9' },
    });
    const replayed = await cardWith(token);
    expect(replayed.statusCode).toBe(403);
  });

  it('refuses a challenge token longer than the provider makes (400, nothing written)', async () => {
    const before = await donationsOf(campaign.id);
    const answer = await cardWith('x'.repeat(2049));
    expect(answer.statusCode).toBe(400);
    expect(await donationsOf(campaign.id)).toBe(before);
  });
});
