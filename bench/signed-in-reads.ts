// `npx tsx bench/signed-in-reads.ts`: only issue 52's signed-in reads (a donor's profile and notifications), on
// PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on a scratch PostgreSQL database, against a bare route.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRow, measure } from './lib/load';
import { withScratchDatabase } from './lib/postgres';
import { productEnv, startProcess, stopProcess, waitForUrl, withProcess } from './lib/processes';
import { measureSignedInReads, signedInLines, type SignedInReads } from './lib/signed-in-reads';

const BARE_PORT = Number(process.env.BENCH_PORT ?? 3911);
const APP_PORT = BARE_PORT + 1;
/** `postgres` skips PGlite (whose first start, initdb in WebAssembly, takes minutes on a busy machine). */
const ONLY = process.env.SIGNED_IN_ONLY;

const bare = await withProcess('bench/bare-server.ts', { PORT: String(BARE_PORT) }, `http://127.0.0.1:${BARE_PORT}/bare`, () =>
  measure(`http://127.0.0.1:${BARE_PORT}/bare`),
);

async function onDatabase(env: Record<string, string>): Promise<SignedInReads> {
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-signed-in-'));
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    // Started by hand rather than withProcess: on a busy shared machine PGlite's first start (initdb, every
    // migration, the demo seed) can take longer than its five minutes.
    const app = startProcess('bench/lib/api-server.ts', productEnv(APP_PORT, dataDir, env));
    try {
      await waitForUrl(`${base}/api/v1/health`, 20 * 60_000);
      return await measureSignedInReads(base);
    } finally {
      await stopProcess(app);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;
const lines: string[] = [loadRow('GET /bare (bare Fastify JSON)', bare, bare) + `  [${load()}]`];
if (ONLY !== 'postgres') lines.push(...signedInLines('PGlite', await onDatabase({}), bare), `  [${load()}]`);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl)
  lines.push(
    ...signedInLines('PostgreSQL', await withScratchDatabase(postgresUrl, (url) => onDatabase({ DATABASE_URL: url })), bare),
    `  [${load()}]`,
  );
else lines.push('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure on PostgreSQL too)');
console.log(`\nSigned-in reads (issue 52)\n${lines.join('\n')}`);
