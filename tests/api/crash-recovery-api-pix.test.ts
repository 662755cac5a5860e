import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database';
import { makeTestCertificates, type TestCertificates } from '../support/stand-ins/api-pix/certs';
import { apiPixEnv, startApiPixStandIn, type ApiPixStandIn } from '../support/stand-ins/api-pix';
import { CRASH_TEST_TIMEOUT_MS, burstKillAndResend, crashServer, stopServer } from './helpers/crash-server';
import { createCampaign, donationBody, newKey } from './helpers/giving';

/**
 * The kill -9 burst (crash-recovery.test.ts) with PIX charged by the NGO's own bank through the API Pix
 * (issue 27): the server runs in a child process with PAYMENT_PIX_PROVIDER=api-pix against the mutual-TLS
 * stand-in this test starts, a burst of PIX donations is cut by kill -9, the server restarts on the same
 * data and every request is re-sent with its key. Each answers its PIX within 30 s; the bank holds one
 * charge per payment (the retry asked for the same txid, made from the payment id, and got the charge the
 * first attempt made); once paid and notified, each donation is confirmed, and every ledger group balances.
 */
const PIXES = 16;
const AMOUNT = 1500;
const credentials = { clientId: 'semear-crash', clientSecret: 'semear-crash-secret' };
const server = crashServer('crash-api-pix');
let certs: TestCertificates | null = null;
let bank: ApiPixStandIn | null = null;
afterAll(async () => {
  await bank?.control.close();
  await server.cleanup();
  certs?.remove();
});

interface Sent {
  key: string;
  body: unknown;
}

const send = (url: string, slug: string, r: Sent, signal?: AbortSignal) =>
  fetch(`${url}/api/v1/campaigns/${slug}/donations`, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json', 'idempotency-key': r.key },
    body: JSON.stringify(r.body),
  });

describe(`kill -9 mid-burst, PIX by the bank's API Pix (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it(
    'every PIX re-sent with its key answers within 30 s, one charge at the bank per payment, the ledger balanced',
    async () => {
      certs = makeTestCertificates();
      bank = await startApiPixStandIn(certs, credentials);
      const env = {
        ...(await server.environment()),
        ...apiPixEnv(bank, certs, credentials),
        ...(process.env.CRASH_DEBUG ? { LOG_LEVEL: 'error' } : {}),
      };
      const setup = await server.setup(env);
      const { config } = setup;
      const { slug } = await createCampaign(setup.database.db);
      await setup.close();
      const requests: Sent[] = Array.from({ length: PIXES }, () => ({
        key: newKey(),
        body: donationBody({ method: 'pix' }, { address: null, amount: AMOUNT }),
      }));

      const { second, inFlight, answers } = await burstKillAndResend<Sent, { payment?: { status: string; br_code: string | null } }>(
        server,
        env,
        requests,
        (url, r, signal) => send(url, slug, r, signal),
      );
      const puts = bank.control.requests.filter((request) => request.method === 'PUT' && request.path.startsWith('/api/v2/cob/'));
      console.log(
        `[crash api-pix ${process.env.TEST_DB ?? 'pglite'}] ${requests.length} PIX, ${inFlight} in flight at kill -9, ` +
          `${puts.length} PUT /cob at the bank, slowest answer after restart ${Math.max(...answers.map((a) => a.ms))} ms`,
      );
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(201);
        expect(a.body.payment?.status).toBe('pending');
        expect(a.body.payment?.br_code).toMatch(/^000201/);
        expect(a.ms).toBeLessThan(30_000);
      }
      // One charge per payment, whatever the retries asked: the bank keeps them by our txid.
      expect(bank.control.cobs.size).toBe(PIXES);
      const answered = new Set(answers.map((a) => a.body.payment?.br_code));
      expect([...bank.control.cobs.values()].every((cob) => answered.has(cob.pixCopiaECola))).toBe(true);

      // Paid at the bank and notified (its unsigned webhook, read back): each donation confirmed once.
      const webhookUrl = `${second.url}/api/v1/payments/webhooks/api-pix/pix`;
      for (const cob of bank.control.cobs.values()) {
        const endToEndId = bank.control.pay(cob.txid);
        for (let twice = 0; twice < 2; twice++) {
          const response = await fetch(webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ pix: [{ endToEndId, txid: cob.txid, valor: cob.valor.original, horario: new Date().toISOString() }] }),
          });
          expect(response.status).toBe(204);
        }
      }
      await stopServer(second.process, 'SIGTERM');

      const db = await openDatabase(config);
      try {
        const one = async <T>(text: string) => (await db.executeSql(text)).rows[0] as T;
        expect(await one<{ n: number }>('select count(*)::int as n from donations')).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from payments where gateway = 'api-pix'")).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from donations where status = 'confirmed'")).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from ledger_groups where kind = 'donation'")).toEqual({ n: PIXES });
        expect(
          await one<{ n: number }>(
            'select count(*)::int as n from (select group_id from ledger_entries group by group_id having sum(amount_cents) <> 0) g',
          ),
        ).toEqual({ n: 0 });
      } finally {
        await db.close();
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
