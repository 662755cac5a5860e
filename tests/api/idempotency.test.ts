import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, donations, idempotencyKeys, ledgerGroups, payments, sandboxPayments } from '../../server/db/schema';
import { IDEMPOTENCY_RETENTION_MS, pruneIdempotencyKeys } from '../../server/services/idempotency/idempotency';
import { FakeGateway } from '../support/fake-gateway';
import { newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, moneyRowCounts, newKey, sandboxCardToken } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let slug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  slug = (await createCampaign(ctx.database.db)).slug;
});
afterAll(() => ctx.close());

describe('Idempotency-Key on donations (sandbox gateway)', () => {
  it('a replay returns the first answer, marked idempotent-replayed, and charges nothing more', async () => {
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) });
    const first = await give(ctx.app, slug, body, { key });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await moneyRowCounts(ctx.database.db);
    const replay = await give(ctx.app, slug, body, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('a declined card replays its 402', async () => {
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app, { number: '4000000000000002', cvv: '123' }) });
    const first = await give(ctx.app, slug, body, { key });
    expect(first.statusCode).toBe(402);
    const replay = await give(ctx.app, slug, body, { key });
    expect(replay.statusCode).toBe(402);
    expect(replay.json()).toEqual(first.json());
  });

  it('the same key with a different body is 409 and writes nothing', async () => {
    const key = newKey();
    expect((await give(ctx.app, slug, donationBody({ method: 'pix' }, { address: null }), { key })).statusCode).toBe(201);
    const before = await moneyRowCounts(ctx.database.db);
    const other = await give(ctx.app, slug, donationBody({ method: 'pix' }, { address: null, amount: 9900 }), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ code: 'idempotency.key_reused', message: 'Esta chave de idempotência já foi usada com outros dados.' });
    expect(await moneyRowCounts(ctx.database.db)).toEqual(before);
  });

  it('a refused request keeps nothing: the key works again once the request can succeed', async () => {
    const key = newKey();
    const closed = await createCampaign(ctx.database.db, { status: 'paused' });
    const body = donationBody({ method: 'pix' }, { address: null });
    expect((await give(ctx.app, closed.slug, body, { key })).statusCode).toBe(422);
    await ctx.database.db.update(campaigns).set({ status: 'published' }).where(eq(campaigns.id, closed.id));
    expect((await give(ctx.app, closed.slug, body, { key })).statusCode).toBe(201);
  });

  it('keys are per donor: a guest and a signed-in donor may use the same key', async () => {
    const key = newKey();
    const body = donationBody({ method: 'pix' }, { address: null });
    const session = await newSession(ctx.app);
    const guest = await give(ctx.app, slug, body, { key });
    const signedIn = await give(ctx.app, slug, body, { key, token: session.token });
    expect(guest.statusCode).toBe(201);
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().donation.id).not.toBe(guest.json().donation.id);
  });
});

describe('50 concurrent duplicates', () => {
  it('through the sandbox gateway too: the provider records one charge and the campaign moves once', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) });
    const answers = await Promise.all(Array.from({ length: 50 }, () => give(ctx.app, campaign.slug, body, { key })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    for (const a of answers) expect(a.json()).toEqual(answers[0]!.json());
    const rows = await ctx.database.db.select().from(donations).where(eq(donations.campaignId, campaign.id));
    expect(rows).toHaveLength(1);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.donationId, rows[0]!.id));
    expect(await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, payment!.id))).toHaveLength(1);
    expect(
      await ctx.database.db
        .select()
        .from(ledgerGroups)
        .where(eq(ledgerGroups.reference, `donation:${rows[0]!.id}`)),
    ).toHaveLength(1);
  });

  it('charge once: one donation, one payment, one ledger group, and all 50 answers are the same 201', async () => {
    const gateway = new FakeGateway();
    gateway.chargeDelayMs = 50;
    const app = await ctx.buildAnotherApp({}, { gateway });
    const campaign = await createCampaign(ctx.database.db);
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: 'tok_ok' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => give(app, campaign.slug, body, { key })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const first = answers[0]!.json();
    for (const a of answers) expect(a.json()).toEqual(first);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(gateway.chargeCount).toBe(1);
    const rows = await ctx.database.db.select().from(donations).where(eq(donations.campaignId, campaign.id));
    expect(rows).toHaveLength(1);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.donationId, rows[0]!.id))).toHaveLength(1);
    expect(
      await ctx.database.db
        .select()
        .from(ledgerGroups)
        .where(eq(ledgerGroups.reference, `donation:${rows[0]!.id}`)),
    ).toHaveLength(1);
  });
});

describe('idempotency keys are kept for a day', () => {
  it('forgets finished keys older than the retention and keeps the rest', async () => {
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) });
    expect((await give(ctx.app, slug, body, { key })).statusCode).toBe(201);
    const db = ctx.database.db;
    expect(await pruneIdempotencyKeys(db, new Date(Date.now() + IDEMPOTENCY_RETENTION_MS - 60_000))).toBe(0);
    const rows = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(1);
    expect(await pruneIdempotencyKeys(db, new Date(Date.now() + IDEMPOTENCY_RETENTION_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});
