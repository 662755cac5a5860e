import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, ledgerGroups, mailOutbox, notifications, payments, webhookEndpoints, webhookMessages } from '../../server/db/schema';
import { createQueryCounter } from '../../server/db/query-count';
import { newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 26, "donations cost less": a card donation does its database work in two commits (the donation
 * and its payment before the charge; the gateway's answer, the ledger group, the receipt, the donor's
 * notification, the webhook event and the idempotent answer after it), and what tells of the ledger
 * group (the outbox rows) commits with it or not at all.
 */
const counter = createQueryCounter();
let ctx: TestContext;
let slug: string;
let donor: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext({}, {}, { logger: counter.logger });
  counter.watch(ctx.database.db);
  slug = (await createCampaign(ctx.database.db)).slug;
  donor = await newSession(ctx.app);
  await ctx.database.db
    .insert(webhookEndpoints)
    .values({ url: 'https://ong.example.org/hooks', events: ['donation.*'], secret: `whsec_${'a'.repeat(44)}` });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
/** Every row that tells of a donation: its ledger group, receipt, the donor's notification, its webhook event. */
async function traces(donationId: string) {
  const [groups, mails, notices, events] = await Promise.all([
    db()
      .select()
      .from(ledgerGroups)
      .where(eq(ledgerGroups.reference, `donation:${donationId}`)),
    db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${donationId.slice(0, 8)}%`)),
    db().select().from(notifications).where(eq(notifications.userId, donor.user.id)),
    db()
      .select()
      .from(webhookMessages)
      .where(like(sql`${webhookMessages.payload}::text`, `%${donationId}%`)),
  ]);
  return {
    groups: groups.length,
    mails: mails.length,
    notices: notices.filter((n) => (n.metadata as { donation_id?: string }).donation_id === donationId).length,
    events: events.length,
  };
}

describe(`a card donation's database work (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('is at most two commits, with its receipt, notification and webhook event', async () => {
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false });
    // The donor's account status is cached for a while; a request signed in before this one read it.
    expect((await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, { token: donor.token })).statusCode).toBe(200);
    counter.reset();
    const response = await give(ctx.app, slug, body, { token: donor.token });
    const { app } = counter.read();
    expect(response.statusCode, response.body).toBe(201);
    console.log(`[card donation ${process.env.TEST_DB ?? 'pglite'}] ${app.statements} statements, ${app.commits} commits`);
    expect(app.commits).toBeLessThanOrEqual(2);
    expect(await traces(response.json().donation.id)).toEqual({ groups: 1, mails: 1, notices: 1, events: 1 });
  });

  it('a guest card donation is two commits too', async () => {
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false });
    counter.reset();
    const response = await give(ctx.app, slug, body);
    const { app } = counter.read();
    expect(response.statusCode, response.body).toBe(201);
    console.log(`[guest card donation ${process.env.TEST_DB ?? 'pglite'}] ${app.statements} statements, ${app.commits} commits`);
    expect(app.commits).toBeLessThanOrEqual(2);
    // Its accounts exist (the donation above made them): found by the ledger group's own statement, the
    // donation locked by confirming it, and the answer built from the rows commit 2 wrote; the donation
    // with its payment and the Idempotency-Key's claim, the ledger group with its accounts and entries,
    // and the webhook event with its deliveries, each one statement (issue 26: it was 17, then 14, then
    // 10; issue 52: 8).
    expect(app.statements).toBeLessThanOrEqual(8);
  });
});

/** Makes every insert into `table` fail, as a crash at that point of the transaction would stop it. */
async function failInsertsInto(table: string) {
  const name = `fail_${table}`;
  await ctx.database.executeSql(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin raise exception 'crash while writing ${table}'; end $$`);
  await ctx.database.executeSql(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`);
  return () => ctx.database.executeSql(`drop trigger ${name} on ${table}`);
}

async function donationOf(amountCents: number) {
  const [donation] = await db().select().from(donations).where(eq(donations.amountCents, amountCents));
  const [payment] = await db().select().from(payments).where(eq(payments.donationId, donation!.id));
  return { donation: donation!, payment: payment! };
}

describe('the ledger group and its outbox rows commit together', () => {
  for (const [table, amount] of [
    ['webhook_deliveries', 2301],
    ['ledger_entries', 2302],
  ] as const) {
    it(`a crash while writing ${table}: neither the group nor its receipt, notification or event; reconciliation then writes them all, once`, async () => {
      const restore = await failInsertsInto(table);
      const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }, { amount });
      const crashed = await give(ctx.app, slug, body, { token: donor.token });
      await restore();
      expect(crashed.statusCode).toBe(500);
      const { donation, payment } = await donationOf(amount);
      // Charged at the gateway, but nothing of the answer's commit is kept: the payment is still open.
      expect(payment.status).toBe('processing');
      expect(donation.status).toBe('pending');
      expect(await traces(donation.id)).toEqual({ groups: 0, mails: 0, notices: 0, events: 0 });

      ctx.clock.advance(61_000);
      await ctx.app.reconciler.runOnce();
      await ctx.app.reconciler.runOnce();
      expect((await donationOf(amount)).donation.status).toBe('confirmed');
      expect(await traces(donation.id)).toEqual({ groups: 1, mails: 1, notices: 1, events: 1 });
    });
  }
});
