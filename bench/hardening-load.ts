// `npx tsx bench/hardening-load.ts`: /health's tail latency while the server does heavy admin work (issue 23).
// One server process (tsx server/start.ts, PGlite in a fresh DATA_DIR, the demo seed: admin@semear.dev),
// restarted for each part so its peak RSS is that part's alone; this process only sends requests.
//   (b) an admin asks for 20 background exports of 100,000 donations each, and waits until all are ready;
//   (c) the printable PDF of a 10,000-card corporate order is built (asked twice: the second is served stored).
// Each part prints /health p50/p99/max during it (bench/lib/health-during.ts, the measure the other parts
// of issue 23 use too), the time it took and the server's peak RSS. Goal: /health p99 ≤ 100 ms in each part. Sizes: EXPORTS, DONATIONS, CARDS; port: BENCH_PORT.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/db/open-database';
import { users } from '../server/db/schema';
import { paidCorporateOrder } from '../tests/support/paid-corporate-order';
import { healthLine, HEALTH_P99_GOAL_MS } from './hardening';
import { healthDuring } from './lib/health-during';
import { startProcess, stopProcess, waitForUrl } from './lib/processes';

const EXPORTS = Number(process.env.EXPORTS ?? 20);
const DONATIONS = Number(process.env.DONATIONS ?? 100_000);
const CARDS = Number(process.env.CARDS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3193);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@semear.dev', password: 'semear-admin-123' };

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
    const { orderId } = await paidCorporateOrder(db, { quantity: CARDS, userId: admin.id, email: ADMIN.email });
    await db.execute(sql`
      insert into gift_cards (value_cents, buyer_user_id, recipient_name, template, expires_at, order_id, position)
      select 5000, ${admin.id}::uuid, case when i % 2 = 0 then 'Pessoa ' || i end, 'semente', now() + interval '180 days', ${orderId}::uuid, i
      from generate_series(0, ${CARDS - 1}) i`);
    // Issued already, as an order is long before anyone prints it: the issuing job has nothing to do here.
    await db.execute(sql`update gift_card_orders set issued_count = quantity where id = ${orderId}::uuid`);
    return orderId;
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
    // Each export followed as its own screen would (ExportPanel reads one), one after another: the same
    // requests a second, never twenty arriving in one burst.
    const jobs: Array<Record<string, unknown>> = [];
    for (const id of ids)
      jobs.push((await (await fetch(`${BASE}/api/v1/admin/donations/exports/${id}`, { headers })).json()) as Record<string, unknown>);
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
  // Signed in before each part: only the part's own work is measured. Timed here, the server's peak RSS read after.
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const measured = await healthDuring(BASE, work);
    return { ...measured, seconds: Math.round(performance.now() - started) / 1000 };
  };
  const exportsRun = await withServer(async (pid) => {
    const auth = await signIn();
    return { ...(await timed(() => exportsPart(auth))), peakRssMb: peakRssMb(pid) };
  });
  const pdfRun = await withServer(async (pid) => {
    const auth = await signIn();
    return { ...(await timed(() => pdfPart(orderId, auth))), peakRssMb: peakRssMb(pid) };
  });
  console.log(healthLine('idle', idle.health));
  console.log(
    `(b) ${healthLine(`${EXPORTS} background exports of ${DONATIONS} donations run (${exportsRun.seconds} s, server peak RSS ${exportsRun.peakRssMb} MB)`, exportsRun.health)}`,
  );
  const pdf = pdfRun.result;
  console.log(
    `(c) ${healthLine(`the PDF of ${CARDS} cards is built (${pdf.firstSeconds} s, ${pdf.megabytes} MB; asked again ${pdf.againSeconds} s; server peak RSS ${pdfRun.peakRssMb} MB)`, pdfRun.health)}`,
  );
  if (exportsRun.health.p99Ms > HEALTH_P99_GOAL_MS || pdfRun.health.p99Ms > HEALTH_P99_GOAL_MS) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
