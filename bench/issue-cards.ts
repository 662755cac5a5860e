// Child process of `npm run bench`: issues one paid corporate batch of N gift cards (default 10,000, codes
// the company hands out, so no e-mail is queued per card), as the batch job does, on a fresh database and prints one JSON line with the
// seconds it took and the process's peak RSS. Own process, so the peak is this work's alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../server/db/open-database';
import { createTranslator } from '../server/i18n/translator';
import { paidCorporateOrder } from '../tests/support/paid-corporate-order';
import { issueBatch } from '../server/services/gift-cards/orders/issue-batches';
import { systemClock } from '../server/services/clock';

const quantity = Number(process.env.CARDS ?? 10_000);
const databaseUrl = process.env.BENCH_ISSUE_DATABASE_URL;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'semear-bench-issue-'));
const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir as string, 'db'));
try {
  await handle.migrate();
  const { orderId } = await paidCorporateOrder(handle.db, {
    quantity,
    userId: null,
    email: 'bench@semear.dev',
    message: 'Obrigado pelo ano!',
  });
  const deps = { db: handle.db, clock: systemClock, translator: createTranslator(), config: { publicUrl: 'http://localhost:3000' } };
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  const started = performance.now();
  const issued = await issueBatch(deps, orderId);
  if (issued !== quantity) throw new Error(`issued ${issued} of ${quantity}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ quantity, seconds, rssBeforeMb, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
