import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../support/stand-ins/mercadopago';
import { CRASH_TEST_TIMEOUT_MS, burstKillAndResend, crashServer, stopServer } from './helpers/crash-server';
import { createCampaign, donationBody, newKey } from './helpers/giving';
import { MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET } from './helpers/mercadopago-app';

/**
 * The kill -9 burst (crash-recovery.test.ts) with PIX taken by Mercado Pago (issue 25): the server runs
 * in a child process with PAYMENT_PIX_PROVIDER=mercadopago against a stand-in this test starts, a burst
 * of PIX donations is cut by kill -9, the server restarts on the same data and every request is re-sent
 * with its key. Each answers its PIX within 30 s; Mercado Pago made one payment per key (the retry sent
 * the same X-Idempotency-Key, our payment id); once paid and notified, each donation is confirmed with
 * its fee, and every ledger group balances. (Cards by Mercado Pago join this burst when they land.)
 */
const PIXES = 16;
const AMOUNT = 1500;
/** The stand-in's PIX tariff, 0.99 % of R$ 15,00. */
const FEE = 15;
const server = crashServer('crash-mp');
let mp: MercadoPagoStandIn | null = null;
afterAll(async () => {
  await mp?.control.close();
  await server.cleanup();
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

describe(`kill -9 mid-burst, PIX by Mercado Pago (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it(
    'every PIX re-sent with its key answers within 30 s, one Mercado Pago payment per key, the ledger balanced',
    async () => {
      mp = await startMercadoPagoStandIn({ accessToken: MP_ACCESS_TOKEN });
      const env = {
        ...(await server.environment()),
        PAYMENT_PIX_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: MP_ACCESS_TOKEN,
        MERCADOPAGO_WEBHOOK_SECRET: MP_WEBHOOK_SECRET,
        MERCADOPAGO_API_URL: mp.url,
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

      const { second, inFlight, answers } = await burstKillAndResend<
        Sent,
        { donation?: { id: string }; payment?: { status: string; br_code: string | null } }
      >(server, env, requests, (url, r, signal) => send(url, slug, r, signal));
      const creates = mp.control.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payments');
      console.log(
        `[crash mercadopago ${process.env.TEST_DB ?? 'pglite'}] ${requests.length} PIX, ${inFlight} in flight at kill -9, ` +
          `${creates.length} creates at Mercado Pago, slowest answer after restart ${Math.max(...answers.map((a) => a.ms))} ms`,
      );
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(201);
        expect(a.body.payment?.status).toBe('pending');
        expect(a.body.payment?.br_code).toMatch(/^000201/);
        expect(a.ms).toBeLessThan(30_000);
      }

      // Every create carried our payment id as its key; a key sent again answered the payment it made.
      const keys = creates.map((request) => request.headers['x-idempotency-key']);
      expect(keys.every((key) => typeof key === 'string' && key !== '')).toBe(true);
      expect(new Set(keys).size).toBe(PIXES);
      for (const key of new Set(keys)) expect(mp.control.paymentsFor(key as string)).toHaveLength(1);

      // Paid at Mercado Pago and notified: each donation confirmed once, with its fee.
      const webhookUrl = `${second.url}/api/v1/payments/webhooks/mercadopago`;
      for (const key of new Set(keys)) {
        const [payment] = mp.control.paymentsFor(key as string);
        mp.control.approve(String(payment!.id));
        const sent = await mp.control.sendWebhook(String(payment!.id), { secret: MP_WEBHOOK_SECRET, url: webhookUrl });
        expect(sent.status, sent.body).toBe(204);
      }
      await stopServer(second.process, 'SIGTERM');

      const db = await openDatabase(config);
      try {
        const one = async <T>(text: string) => (await db.executeSql(text)).rows[0] as T;
        expect(await one<{ n: number }>('select count(*)::int as n from donations')).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from payments where gateway = 'mercadopago'")).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from donations where status = 'confirmed'")).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from ledger_groups where kind = 'donation'")).toEqual({ n: PIXES });
        expect(await one<{ n: number }>("select count(*)::int as n from ledger_groups where kind = 'provider_fee'")).toEqual({ n: PIXES });
        expect(
          await one<{ n: string }>(
            "select coalesce(sum(e.amount_cents), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'platform_fees'",
          ),
        ).toEqual({ n: String(PIXES * FEE) });
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
