import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, payments } from '../../server/db/schema';
import { sandboxWebhookEvents } from '../../server/db/schema/sandbox-gateway';
import { createSandboxGateway } from '../../server/services/payments/sandbox/sandbox-gateway';
import { parsePixBrCode } from '../../server/services/payments/pix/br-code';
import { createCampaign, donationBody, give } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * A PIX paid while our server was down (issue 9): its webhook could not be delivered and the retry
 * timers died with the process. It must not stay pending until it expires.
 */
let ctx: TestContext;
let slug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  slug = (await createCampaign(ctx.database.db)).slug;
});
afterAll(() => ctx.close());

/** A PIX donation paid at the gateway whose webhook never arrived (receiver down, process gone). */
async function pixPaidWhileDown(): Promise<string> {
  const answer = await give(ctx.app, slug, donationBody({ method: 'pix' }, { address: null }));
  expect(answer.statusCode).toBe(201);
  const unreachable = createSandboxGateway({
    db: ctx.database.db,
    clock: ctx.clock,
    webhookSecret: ctx.config.payments.webhookSecret,
    pix: ctx.config.payments.pix,
    deliverWebhook: async () => 503,
    // The process that would have retried is gone.
    scheduler: { after: () => ({ cancel: () => undefined }) },
  });
  await unreachable.simulatePixPayment(parsePixBrCode(answer.json().payment.br_code as string).txid as string);
  return answer.json().donation.id as string;
}

const statusOf = async (donationId: string) =>
  (await ctx.database.db.select({ status: donations.status }).from(donations).where(eq(donations.id, donationId)))[0]?.status;

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('webhook deliveries due at start', () => {
  it('are delivered as soon as the server with background jobs is ready: the PIX is confirmed', async () => {
    const donationId = await pixPaidWhileDown();
    ctx.clock.advance(2_000);
    expect(await statusOf(donationId)).toBe('pending');
    const restarted = await ctx.buildAnotherApp({}, { startMailJob: true });
    await restarted.ready();
    expect(await eventually(async () => (await statusOf(donationId)) === 'confirmed', 3_000)).toBe(true);
    // The delivery is recorded once our endpoint has answered, a moment after it confirmed the donation.
    const delivered = async () =>
      (await ctx.database.db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.type, 'payment.succeeded')))[0]
        ?.deliveredAt != null;
    expect(await eventually(delivered, 3_000)).toBe(true);
    await restarted.close();
  });
});

describe('open payments are checked with the gateway while open', () => {
  it('a PIX whose webhook was lost is confirmed by reconciliation within two minutes, long before its expiry', async () => {
    const donationId = await pixPaidWhileDown();
    ctx.clock.advance(30_000);
    await ctx.app.reconciler.runOnce();
    // Too young to ask about: a webhook usually arrives in seconds.
    expect(await statusOf(donationId)).toBe('pending');
    ctx.clock.advance(31_000);
    const report = await ctx.app.reconciler.runOnce();
    expect(report.checked_open).toBeGreaterThanOrEqual(1);
    expect(await statusOf(donationId)).toBe('confirmed');
  });

  it('an unpaid one stays pending and is asked about again only a minute later', async () => {
    const answer = await give(ctx.app, slug, donationBody({ method: 'pix' }, { address: null }));
    const donationId = answer.json().donation.id as string;
    ctx.clock.advance(61_000);
    await ctx.app.reconciler.runOnce();
    const checkedAt = async () =>
      (await ctx.database.db.select({ at: payments.checkedAt }).from(payments).where(eq(payments.donationId, donationId)))[0]?.at;
    const first = await checkedAt();
    expect(first).toEqual(ctx.clock.now());
    expect(await statusOf(donationId)).toBe('pending');
    ctx.clock.advance(30_000);
    await ctx.app.reconciler.runOnce();
    expect(await checkedAt()).toEqual(first);
    ctx.clock.advance(31_000);
    await ctx.app.reconciler.runOnce();
    expect(await checkedAt()).toEqual(ctx.clock.now());
  });
});
