// `npx tsx bench/hardening-load.ts`: /health's tail latency while the server does heavy admin work (issue 23).
// One server process (tsx server/start.ts, PGlite in a fresh DATA_DIR, the demo seed: admin@semear.dev),
// restarted for each part so its peak RSS is that part's alone; this process only sends requests.
//   (b) an admin asks for 20 background exports of 100,000 donations each, and waits until all are ready;
//   (c) the printable PDF of a 10,000-card corporate order is built (asked twice: the second is served stored).
// Each part prints /health p50/p99/max during it, the time it took and the server's peak RSS.
// Goal: /health p99 ≤ 100 ms during each part. Sizes: EXPORTS, DONATIONS, CARDS; port: BENCH_PORT.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/db/open-database';
import { users } from '../server/db/schema';
import { INTERNAL_GATEWAY, markInternalPaymentSucceeded } from '../server/services/donations/payments-repository';
import { insertOrderWithPayment, markOrderPaid } from '../server/services/gift-cards/orders/gift-card-orders-repository';
import { startProcess, stopProcess, waitForUrl } from './lib/processes';

const EXPORTS = Number(process.env.EXPORTS ?? 20);
const DONATIONS = Number(process.env.DONATIONS ?? 100_000);
const CARDS = Number(process.env.CARDS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3193);
const BASE = `http://127.0.0.1:${PORT}`;
const GOAL_MS = 100;
const ADMIN = { email: 'admin@semear.dev', password: 'semear-admin-123' };

export interface HealthDuring<T> {
  result: T;
  seconds: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * /health's latency while `load` runs: POLLERS loops each ask /health, wait 20 ms and ask again, until the
 * load is done. The reusable measure of every part of this bench (the zip-bomb and mail-wait parts too).
 */
export async function healthDuring<T>(baseUrl: string, load: () => Promise<T>, pollers = 4): Promise<HealthDuring<T>> {
  const latencies: number[] = [];
  let done = false;
  const poll = async () => {
    while (!done) {
      const started = performance.now();
      const answer = await fetch(`${baseUrl}/api/v1/health`);
      await answer.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const started = performance.now();
  const polling = Array.from({ length: pollers }, poll);
  try {
    const result = await load();
    return summary(result, (performance.now() - started) / 1000);
  } finally {
    done = true;
    await Promise.all(polling);
  }
  function summary(result: T, seconds: number): HealthDuring<T> {
    const sorted = [...latencies].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      result,
      seconds: round(seconds),
      samples: sorted.length,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? 0),
    };
  }
}

/** The server's peak resident memory (Linux: VmHWM), in MB. */
const peakRssMb = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : null;
};

const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-hardening-'));
const env = { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: BASE, LOG_LEVEL: 'warn' };

async function withServer<T>(work: (pid: number | undefined) => Promise<T>): Promise<T> {
  const server = startProcess('server/start.ts', env);
  try {
    await waitForUrl(`${BASE}/api/v1/health`);
    return await work(server.pid);
  } finally {
    await stopProcess(server);
  }
}

async function signIn(): Promise<Record<string, string>> {
  const answer = await fetch(`${BASE}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!answer.ok) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/** The donations to export and the order to print, written straight into the stopped server's database. */
async function seed(): Promise<string> {
  const handle = await openPglite(join(dataDir, 'db'));
  try {
    const { db } = handle;
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${ADMIN.email}`);
    if (!admin) throw new Error('the demo seed has no admin');
    await db.execute(sql`
      insert into donations (campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at, confirmed_at)
      select (select id from campaigns order by created_at limit 1), 500 + (i * 7919) % 50000, 'confirmed', 'pix',
        jsonb_build_object('name', 'Doador ' || i, 'email', 'd' || i || '@exemplo.com.br', 'cpf', '52998224725'), 'bench',
        now() - (i || ' seconds')::interval, now()
      from generate_series(1, ${DONATIONS}) i`);
    const now = new Date();
    const contact = { is_company: true, foreigner: false, name: 'Empresa', corporate_name: 'Empresa Ltda', email: ADMIN.email };
    const { order, payment } = await db.transaction((tx) =>
      insertOrderWithPayment(tx, {
        spec: {
          kind: 'corporate',
          valueCents: 5_000,
          quantity: CARDS,
          template: 'semente',
          message: 'Obrigado pelo ano! Escolha a causa que quiser apoiar.',
          sender: 'Empresa',
          shippingMode: 'pdf',
          sendAt: null,
          recipients: [],
          logoId: null,
          paymentMethod: 'wallet',
          contact: { ...contact, cnpj: '11222333000181', telephone: '11987654321' } as never,
          address: null,
        },
        userId: admin.id,
        receiptTokenHash: 'bench',
        gateway: INTERNAL_GATEWAY,
        locale: 'pt',
        now,
      }),
    );
    await db.transaction(async (tx) => {
      await markInternalPaymentSucceeded(tx, payment.id, now);
      await markOrderPaid(tx, order.id, now);
    });
    await db.execute(sql`
      insert into gift_cards (value_cents, buyer_user_id, recipient_name, template, expires_at, order_id, position)
      select 5000, ${admin.id}::uuid, case when i % 2 = 0 then 'Pessoa ' || i end, 'semente', now() + interval '180 days', ${order.id}::uuid, i
      from generate_series(0, ${CARDS - 1}) i`);
    return order.id;
  } finally {
    await handle.close();
  }
}

/** (b) EXPORTS background exports of every donation, asked at once, followed until all are ready. */
async function exportsPart(auth: Record<string, string>): Promise<{ ready: number; lines: number[] }> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let i = 0; i < EXPORTS; i++) {
    const answer = await fetch(`${BASE}/api/v1/admin/donations/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ format: 'csv', filter: {} }),
    });
    if (answer.status !== 202) throw new Error(`export: ${answer.status} ${await answer.text()}`);
    ids.push(((await answer.json()) as { id: string }).id);
  }
  for (;;) {
    const jobs = await Promise.all(
      ids.map(
        async (id) => (await (await fetch(`${BASE}/api/v1/admin/donations/exports/${id}`, { headers })).json()) as Record<string, unknown>,
      ),
    );
    if (jobs.some((job) => job.status === 'failed')) throw new Error('an export failed');
    if (jobs.every((job) => job.status === 'ready'))
      return { ready: jobs.length, lines: [...new Set(jobs.map((job) => Number(job.lines_total)))] };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** (c) The order's PDF: built, then asked again. */
async function pdfPart(
  orderId: string,
  headers: Record<string, string>,
): Promise<{ firstSeconds: number; againSeconds: number; megabytes: number }> {
  const get = async () => {
    const started = performance.now();
    const answer = await fetch(`${BASE}/api/v1/gift-card-orders/${orderId}/cards.pdf`, { headers });
    if (answer.status !== 200) throw new Error(`pdf: ${answer.status} ${await answer.text()}`);
    const bytes = (await answer.arrayBuffer()).byteLength;
    return { seconds: Math.round(performance.now() - started) / 1000, bytes };
  };
  const first = await get();
  const again = await get();
  return { firstSeconds: first.seconds, againSeconds: again.seconds, megabytes: Math.round(first.bytes / 1e5) / 10 };
}

try {
  await withServer(async () => undefined); // migrations and the demo seed
  const orderId = await seed();
  const idle = await withServer(() => healthDuring(BASE, () => new Promise((resolve) => setTimeout(resolve, 3000))));
  // Signed in before each part: only the part's own work is measured.
  const exportsRun = await withServer(async (pid) => {
    const auth = await signIn();
    return { ...(await healthDuring(BASE, () => exportsPart(auth))), peakRssMb: peakRssMb(pid) };
  });
  const pdfRun = await withServer(async (pid) => {
    const auth = await signIn();
    return { ...(await healthDuring(BASE, () => pdfPart(orderId, auth))), peakRssMb: peakRssMb(pid) };
  });
  const verdict = (p99: number) => (p99 <= GOAL_MS ? 'ok' : `OVER the ${GOAL_MS} ms goal`);
  console.log(`/health idle: p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms (${idle.samples} samples)`);
  console.log(
    `(b) ${EXPORTS} exports of ${DONATIONS} donations: ${exportsRun.seconds} s, /health p50 ${exportsRun.p50Ms} ms, p99 ${exportsRun.p99Ms} ms, max ${exportsRun.maxMs} ms (${exportsRun.samples} samples), server peak RSS ${exportsRun.peakRssMb} MB — ${verdict(exportsRun.p99Ms)}`,
  );
  const pdf = pdfRun.result;
  console.log(
    `(c) PDF of ${CARDS} cards: built in ${pdf.firstSeconds} s (${pdf.megabytes} MB), asked again ${pdf.againSeconds} s; /health p50 ${pdfRun.p50Ms} ms, p99 ${pdfRun.p99Ms} ms, max ${pdfRun.maxMs} ms (${pdfRun.samples} samples), server peak RSS ${pdfRun.peakRssMb} MB — ${verdict(pdfRun.p99Ms)}`,
  );
  console.log(JSON.stringify({ idle, exports: exportsRun, pdf: pdfRun }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
