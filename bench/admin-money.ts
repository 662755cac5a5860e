// Child process of `npm run bench`: on a fresh database, (1) a year of 100,000 confirmed donations across
// 20 campaigns with their ledger groups, then the finances page's API for that year (median of 5 runs) and
// that year's CSV export prepared in the background (the days that are over compacted first, as the
// finance-rollups job does); (2) 1,000 webhook deliveries to a receiver on this machine, as the delivery job sends them. Prints one
// JSON line. PostgreSQL when BENCH_MONEY_DATABASE_URL is set, else PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../server/db/open-database';
import { exportJobs, webhookEndpoints } from '../server/db/schema';
import { runExport } from '../server/services/exports/export-jobs';
import { createLocalStorage } from '../server/services/storage/local-storage';
import { createTranslator } from '../server/i18n/translator';
import { financeReport } from '../server/services/finances/finances';
import { compactFinanceDays } from '../server/services/finances/finance-rollups';
import { deliverDueWebhooks } from '../server/services/webhooks/deliver-webhooks';
import { emitWebhookEvent } from '../server/services/webhooks/emit-webhook-event';
import { newWebhookSecret } from '../server/services/webhooks/standard-webhooks';
import { startReceiver } from './lib/webhook-receiver';

const DONATIONS = Number(process.env.DONATIONS ?? 100_000);
const DELIVERIES = Number(process.env.DELIVERIES ?? 1000);
const databaseUrl = process.env.BENCH_MONEY_DATABASE_URL;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'semear-bench-money-'));
const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir as string, 'db'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

try {
  await handle.migrate();
  const { db } = handle;
  const now = new Date();
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
  // The year, in bulk: categories, campaigns, their accounts, donations, groups and balanced entries.
  await db.execute(sql`insert into categories (slug, name) select 'cat-' || i, 'Categoria ' || i from generate_series(1, 5) i`);
  await db.execute(sql`
    insert into campaigns (slug, title, summary, story, organiser_name, status, category_id)
    select 'bench-' || i, 'Campanha ' || i, '', '', 'ONG', 'published', (select id from categories where slug = 'cat-' || (1 + i % 5))
    from generate_series(1, 20) i`);
  await db.execute(sql`insert into ledger_accounts (kind, owner_key) select 'campaign', id::text from campaigns where slug like 'bench-%'`);
  await db.execute(sql`insert into ledger_accounts (kind, owner_key) values ('gateway_clearing', 'sandbox') on conflict do nothing`);
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table bench_gifts on commit drop as
      select gen_random_uuid() as id, (select id from campaigns where slug = 'bench-' || (1 + i % 20)) as campaign_id,
        (500 + (i * 7919) % 50000)::bigint as amount,
        (array['card','pix','paypal','wallet','gift_card'])[1 + i % 5] as method,
        ${yearAgo}::timestamptz + (i::double precision / ${DONATIONS}) * interval '365 days' as at
      from generate_series(1, ${DONATIONS}) i`);
    await tx.execute(sql`
      insert into donations (id, campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at, confirmed_at)
      select id, campaign_id, amount, 'confirmed', method, jsonb_build_object('name', 'Doador', 'email', 'd@bench.dev', 'cpf', '52998224725'), 'bench', at, at
      from bench_gifts`);
    await tx.execute(sql`
      insert into ledger_groups (id, kind, reference, created_at) select id, 'donation', 'donation:' || id, at from bench_gifts`);
    await tx.execute(sql`
      insert into ledger_entries (group_id, account_id, amount_cents)
      select g.id, a.id, g.amount from bench_gifts g join ledger_accounts a on a.kind = 'campaign' and a.owner_key = g.campaign_id::text
      union all
      select g.id, (select id from ledger_accounts where kind = 'gateway_clearing' and owner_key = 'sandbox'), -g.amount from bench_gifts g`);
  });
  const seededSeconds = (performance.now() - started) / 1000;
  // A year arrives here in one bulk load, not over a year as autovacuum would have analysed it: statistics first.
  await db.execute(sql`analyze`);
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(yearAgo);
  // The finances' rollups, as the `finance-rollups` job keeps them (its first run on this year: every day but today).
  const t3 = performance.now();
  const compacted = await compactFinanceDays(db);
  const compactSeconds = (performance.now() - t3) / 1000;
  const times: number[] = [];
  let gross = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const report = await financeReport(db, { from, to }, now);
    times.push(performance.now() - t0);
    gross = report.figures.gross;
  }

  // The year's ledger lines as a CSV prepared in the background, as the page asks for it (one run, with its progress steps).
  const storageDir = mkdtempSync(join(tmpdir(), 'semear-bench-exports-'));
  const [job] = await db
    .insert(exportJobs)
    .values({ kind: 'finances', format: 'csv', params: { from, to }, requestedBy: randomUUID(), fileName: 'bench.csv' })
    .returning();
  const t2 = performance.now();
  await runExport(
    { db, storage: createLocalStorage(storageDir), clock: { now: () => new Date() }, translator: createTranslator() },
    job?.id as string,
  );
  const exportSeconds = (performance.now() - t2) / 1000;
  const [exported] = await db
    .select()
    .from(exportJobs)
    .where(eq(exportJobs.id, job?.id as string));
  rmSync(storageDir, { recursive: true, force: true });
  if (exported?.status !== 'ready') throw new Error(`bench export ended ${exported?.status}`);

  // Webhooks: one endpoint on a local receiver in a process of its own (as a receiver is: its CPU is not
  // ours), DELIVERIES events, sent as the job sends them.
  const receiver = await startReceiver();
  const url = `${receiver.origin}/hook`;
  await db.insert(webhookEndpoints).values({ url, events: ['*'], secret: newWebhookSecret() });
  await db.transaction(async (tx) => {
    for (let i = 0; i < DELIVERIES; i++) await emitWebhookEvent(tx, 'donation.confirmed', { id: `bench-${i}`, amount: 1000 }, now);
  });
  const deps = { db, translator: createTranslator(), config: { webhooksAllowPrivateTargets: true } };
  const t1 = performance.now();
  let sent = 0;
  while (sent < DELIVERIES) {
    const round = await deliverDueWebhooks(deps, now);
    if (round === 0) break;
    sent += round;
  }
  const deliverySeconds = (performance.now() - t1) / 1000;
  const received = await receiver.stop();
  console.log(
    JSON.stringify({
      donations: DONATIONS,
      seededSeconds,
      financesMedianMs: median(times),
      gross,
      compactSeconds,
      compactedDays: compacted.days,
      exportSeconds,
      exportLines: exported.linesTotal,
      exportBytes: exported.sizeBytes,
      deliveries: received,
      deliveriesPerSecond: received / deliverySeconds,
    }),
  );
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
