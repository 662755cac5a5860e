import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database';
import { CRASH_TEST_TIMEOUT_MS, burstKillAndResend, crashServer, stopServer } from './helpers/crash-server';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, newKey, sandboxCardToken } from './helpers/giving';

/**
 * Refunds through a kill -9 (issue 14, "a crash mid-operation loses nothing"): two partial refunds of
 * each of a dozen card donations, all at once, the server killed while they are in flight, restarted
 * on the same data, each re-sent with its Idempotency-Key. Each answers `succeeded` within 30 s; the
 * gateway refunded each exactly once, never more than captured; every ledger group balances; every
 * donor got one e-mail per refund; the campaign is back to zero.
 */
const DONATIONS = 12;
const AMOUNT = 1500;
const PARTS = [1000, 500];
const server = crashServer('refund-crash');
afterAll(() => server.cleanup());

interface Sent {
  donation: string;
  amount: number;
  key: string;
}

describe(`kill -9 mid-refunds (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it(
    'every refund re-sent with its key after the restart succeeds once, the books balanced',
    async () => {
      const env = await server.environment();
      const setup = await server.setup(env);
      const { config, database: setupDb, app: setupApp } = setup;
      const campaign = await createCampaign(setupDb.db);
      const admin = await newSession(setupApp);
      await grantAdmin({ database: setupDb }, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
      const requests: Sent[] = [];
      for (let i = 0; i < DONATIONS; i++) {
        const body = donationBody({ method: 'card', card_token: await sandboxCardToken(setupApp), save_card: false }, { amount: AMOUNT });
        const answer = await give(setupApp, campaign.slug, body);
        expect(answer.statusCode, answer.body).toBe(201);
        for (const amount of PARTS) requests.push({ donation: answer.json().donation.id, amount, key: newKey() });
      }
      await setup.close();

      const send = (url: string, r: Sent, signal?: AbortSignal) =>
        fetch(`${url}/api/v1/admin/donations/${r.donation}/refunds`, {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json', 'idempotency-key': r.key, authorization: `Bearer ${admin.token}` },
          body: JSON.stringify({ amount: r.amount, reason: 'Doação em duplicidade' }),
        });

      const { second, inFlight, answers } = await burstKillAndResend<Sent, { status?: string; amount?: number }>(
        server,
        env,
        requests,
        send,
      );
      console.log(
        `[refund crash ${process.env.TEST_DB ?? 'pglite'}] ${requests.length} refunds, ${inFlight} in flight at kill -9, ` +
          `slowest answer after restart ${Math.max(...answers.map((a) => a.ms))} ms`,
      );
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(201);
        expect(a.body).toMatchObject({ status: 'succeeded', amount: a.r.amount });
        expect(a.ms).toBeLessThan(30_000);
      }
      await stopServer(second.process, 'SIGTERM');

      const db = await openDatabase(config);
      try {
        const one = async <T>(text: string) => (await db.executeSql(text)).rows[0] as T;
        expect(await one<{ n: number }>("select count(*)::int as n from refunds where status = 'succeeded'")).toEqual({
          n: requests.length,
        });
        // The gateway refunded each refund once, and each payment exactly what it captured.
        expect(await one<{ n: number }>("select count(*)::int as n from sandbox_refunds where status = 'succeeded'")).toEqual({
          n: requests.length,
        });
        expect(
          await one<{ n: number }>(
            "select count(*)::int as n from (select payment_id from sandbox_refunds where status = 'succeeded' group by payment_id having sum(amount_cents) <> 1500) p",
          ),
        ).toEqual({ n: 0 });
        expect(await one<{ n: number }>("select count(*)::int as n from donations where status = 'refunded'")).toEqual({ n: DONATIONS });
        expect(
          await one<{ n: number }>(
            'select count(*)::int as n from (select group_id from ledger_entries group by group_id having sum(amount_cents) <> 0) g',
          ),
        ).toEqual({ n: 0 });
        // The gateway's payment.refunded webhook, arriving before a refund's books were written, moved nothing twice.
        expect(await one<{ n: number }>("select count(*)::int as n from ledger_groups where kind = 'refund'")).toEqual({
          n: requests.length,
        });
        const raised = await one<{ n: string }>(
          `select coalesce(sum(e.amount_cents), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.kind = 'campaign' and a.owner_key = '${campaign.id}'`,
        );
        expect(Number(raised.n)).toBe(0);
        expect(await one<{ n: number }>("select count(*)::int as n from mail_outbox where subject like 'Reembolso de %'")).toEqual({
          n: requests.length,
        });
      } finally {
        await db.close();
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
