import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, giftCards, idempotencyKeys, payments, sandboxPayments } from '../../server/db/schema';
import { createIdempotency, type IdempotentCall } from '../../server/services/idempotency/idempotency';
import { createCampaign, donationBody, give, newKey, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * A claim whose process died (its lease ran out unrenewed) is taken over by a replay, which resumes
 * from the checkpoint and answers as the first request would have (issue 9, "nothing stuck").
 */
let ctx: TestContext;
let slug: string;
/** Holds the first request of a test "crashed" between its charge and its answer. */
let hang: { reached(paymentId?: string): void; until: Promise<void> } | null = null;
beforeAll(async () => {
  const beforeConfirm = (paymentId: string) => {
    if (!hang) return;
    hang.reached(paymentId);
    return hang.until;
  };
  ctx = await createTestContext({ IDEMPOTENCY_LEASE_MS: '1000' }, { donationHooks: { beforeConfirm } });
  slug = (await createCampaign(ctx.database.db)).slug;
});
afterAll(() => ctx.close());

/** What a kill -9 leaves: the claim's owner is gone, so nobody renews its lease. */
async function killOwner(key: string): Promise<void> {
  await ctx.database.db
    .update(idempotencyKeys)
    .set({ owner: 'dead-process', leaseExpiresAt: ctx.clock.now() })
    .where(eq(idempotencyKeys.key, key));
}

describe('a claim whose process died', () => {
  it('a card donation charged before the crash: the retry answers 201 confirmed with its receipt token, charged once', async () => {
    const key = newKey();
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) });
    let release = () => undefined as void;
    let reached = () => undefined as void;
    const charged = new Promise<void>((resolve) => (reached = resolve));
    hang = { reached, until: new Promise<void>((resolve) => (release = resolve)) };
    const first = give(ctx.app, slug, body, { key });
    await charged;
    await killOwner(key);
    hang = null;
    const started = Date.now();
    const retries = await Promise.all([give(ctx.app, slug, body, { key }), give(ctx.app, slug, body, { key })]);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(201);
      expect(retry.json().donation.status).toBe('confirmed');
      expect(retry.json().receipt_token).toEqual(expect.any(String));
    }
    expect(retries[1]!.json()).toEqual(retries[0]!.json());
    const donationId = retries[0]!.json().donation.id as string;
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.donationId, donationId));
    expect(await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, payment!.id))).toHaveLength(1);
    release();
    await first;
    expect(await ctx.database.db.select().from(donations).where(eq(donations.id, donationId))).toHaveLength(1);
  });

  it('a gift-card order charged at the gateway whose answer was never recorded: the retry charges the same token under the same key, once', async () => {
    const key = newKey();
    const to = `crash-${Date.now()}@exemplo.com.br`;
    const { contact, address } = donationBody({ method: 'pix' });
    const body = {
      definition: {
        value: 3000,
        quantity: 1,
        template: 'semente',
        message: 'Obrigado!',
        from: 'Maria',
        shipping: { mode: 'email_now' },
        recipients: [{ name: 'Ana', email: to, email_confirmation: to }],
      },
      contact,
      address,
      payment: { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
    };
    const post = () => call(ctx.app, 'POST', '/api/v1/gift-card-orders', body, { headers: { 'idempotency-key': key } });
    let release = () => undefined as void;
    let reached = (_paymentId: string) => undefined as void;
    const charged = new Promise<string>((resolve) => (reached = resolve));
    hang = { reached: (paymentId?: string) => reached(paymentId as string), until: new Promise<void>((resolve) => (release = resolve)) };
    const first = post();
    const paymentId = await charged;
    // The crash hit between the gateway's charge and its answer written down: the payment still reads 'processing'.
    await ctx.database.db.update(payments).set({ status: 'processing' }).where(eq(payments.id, paymentId));
    await killOwner(key);
    hang = null;
    const retry = await post();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().order).toMatchObject({ status: 'paid', issued: 1 });
    // Its one-time token was spent by the first charge; the retry's is the same charge, not a new one.
    expect(await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, paymentId))).toHaveLength(1);
    expect(
      await ctx.database.db
        .select()
        .from(giftCards)
        .where(eq(giftCards.orderId, retry.json().order.id as string)),
    ).toHaveLength(1);
    release();
    await first;
    expect(
      await ctx.database.db
        .select()
        .from(giftCards)
        .where(eq(giftCards.orderId, retry.json().order.id as string)),
    ).toHaveLength(1);
  });

  it('with no checkpoint the retry does the work afresh; a replay while the lease is alive waits', async () => {
    const body = donationBody({ method: 'pix' }, { address: null });
    const earlier = newKey();
    expect((await give(ctx.app, slug, body, { key: earlier })).statusCode).toBe(201);
    const [{ requestHash: sameRequest }] = (await ctx.database.db
      .select({ requestHash: idempotencyKeys.requestHash })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, earlier))) as [{ requestHash: string }];
    // A claim taken just before the crash: no checkpoint, nothing written yet.
    const key = newKey();
    await ctx.database.db.insert(idempotencyKeys).values({
      scope: 'guest|donations',
      key,
      requestHash: sameRequest,
      owner: 'dead-process',
      leaseExpiresAt: new Date(ctx.clock.now().getTime() + 60_000),
    });
    const waiting = give(ctx.app, slug, body, { key });
    await new Promise((resolve) => setTimeout(resolve, 200));
    ctx.clock.advance(60_000);
    const retry = await waiting;
    expect(retry.statusCode).toBe(201);
    expect(JSON.stringify(retry.json())).toMatch(/"br_code":"000201/);
  });
});

describe('createIdempotency leases', () => {
  const call = (key: string, work: { execute?: IdempotentCall['execute']; resume?: IdempotentCall['resume'] }): IdempotentCall => ({
    scope: 'test',
    key,
    requestHash: 'h',
    execute: work.execute ?? (async () => ({ status: 201, body: { fresh: true } })),
    resume: work.resume ?? (async (note) => ({ status: 201, body: { resumed: note } })),
  });

  it('a live claim is waited for; once its lease runs out exactly one of many replays resumes it', async () => {
    const key = newKey();
    const dead = createIdempotency({ db: ctx.database.db, clock: ctx.clock, owner: 'a', leaseMs: 60_000 });
    const live = createIdempotency({ db: ctx.database.db, clock: ctx.clock, owner: 'b', leaseMs: 60_000, pollMs: 5, waitMs: 300 });
    let checkpointed = () => undefined as void;
    const reached = new Promise<void>((resolve) => (checkpointed = resolve));
    void dead.run(
      call(key, {
        execute: async (checkpoint) => {
          await ctx.database.db.transaction((tx) => checkpoint(tx, { step: 1 }));
          checkpointed();
          return new Promise(() => undefined);
        },
      }),
    );
    await reached;
    await expect(live.run(call(key, {}))).rejects.toMatchObject({ kind: 'conflict', code: 'idempotency.in_progress' });
    ctx.clock.advance(61_000);
    let resumes = 0;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        live.run(call(key, { resume: async (note) => ((resumes += 1), { status: 201, body: { resumed: note } }) })),
      ),
    );
    expect(resumes).toBe(1);
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill({ resumed: { step: 1 } }));
  });

  it('a process that lost its claim cannot checkpoint behind the taker', async () => {
    const key = newKey();
    const slow = createIdempotency({ db: ctx.database.db, clock: ctx.clock, owner: 'slow', leaseMs: 60_000 });
    const taker = createIdempotency({ db: ctx.database.db, clock: ctx.clock, owner: 'taker', leaseMs: 60_000, pollMs: 5 });
    let go = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (go = resolve));
    const first = slow.run(
      call(key, {
        execute: async (checkpoint) => {
          await stalled;
          await ctx.database.db.transaction((tx) => checkpoint(tx, { step: 'late' }));
          return { status: 201, body: { stale: true } };
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    ctx.clock.advance(61_000);
    expect((await taker.run(call(key, {}))).body).toEqual({ fresh: true });
    go();
    await expect(first).rejects.toThrow(/taken over/);
    expect((await taker.run(call(key, {}))).body).toEqual({ fresh: true });
  });
});
