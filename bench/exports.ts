// `npx tsx bench/exports.ts` (part of `npm run bench`): issue 48, item 1 — ADMINS finance admins each ask a
// background export of the same LINES-line period at once, XLSX then CSV, from the real server process
// (tsx server/start.ts), while /health is asked every 50 ms and the server's RSS read as often. Goal:
// /health ≤ 200 ms and RSS ≤ 512 MB throughout. The lines are written straight into the database
// (bench/lib/finance-lines-seed.ts) and the days that are over compacted, as the hourly job would have; the
// server is restarted for each format, so each RSS is that run's own.
// PGlite (as `npm start`), and PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
// (EXPORT_DATABASES=pglite or postgres: only one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../server/db/open-database';
import { compactFinanceDays } from '../server/services/finances/finance-rollups';
import { benchAdmin, seedFinanceLines } from './lib/finance-lines-seed';
import { exportAll, exportsLine, watchServer, withinGoals, type ExportsLoad } from './lib/exports-load';
import { withScratchDatabase } from './lib/postgres';
import { productEnv, startProcess, stopProcess, waitForUrl } from './lib/processes';
import { signInAs } from './lib/product';

const LINES = Number(process.env.EXPORT_LINES ?? 100_000);
const ADMINS = Number(process.env.EXPORT_ADMINS ?? 20);
const DAYS = Number(process.env.EXPORT_DAYS ?? 30);
const FORMATS = (process.env.EXPORT_FORMATS ?? 'xlsx,csv').split(',') as Array<'csv' | 'xlsx'>;
const DATABASES = (process.env.EXPORT_DATABASES ?? 'pglite,postgres').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 3961);
const BASE = `http://127.0.0.1:${PORT}`;

const saoPauloDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);

async function withServer<T>(env: Record<string, string>, work: (pid: number) => Promise<T>): Promise<T> {
  const server = startProcess('server/start.ts', env);
  try {
    await waitForUrl(`${BASE}/api/v1/health`);
    return await work(server.pid as number);
  } finally {
    await stopProcess(server);
  }
}

/** Every format's run on one database: the demo seed by a first start, the lines, then a fresh server per format. */
async function measureOn(databaseUrl: string | null): Promise<ExportsLoad[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-exports-'));
  const env = productEnv(PORT, dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    await withServer(env, async () => undefined); // migrations and the demo seed
    const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'));
    try {
      await seedFinanceLines(handle.db, LINES, DAYS, ADMINS);
      // The days that are over, as the hourly `finance-rollups` job keeps them on a running server.
      await compactFinanceDays(handle.db);
    } finally {
      await handle.close();
    }
    const period = { from: saoPauloDay(new Date(Date.now() - (DAYS + 1) * 86_400_000)), to: saoPauloDay(new Date()) };
    const loads: ExportsLoad[] = [];
    for (const format of FORMATS) {
      loads.push(
        await withServer(env, async (pid) => {
          const tokens: string[] = [];
          for (let n = 1; n <= ADMINS; n++) tokens.push(await signInAs(BASE, benchAdmin(n).email, benchAdmin(n).password));
          const watched = await watchServer(BASE, pid, () => exportAll(BASE, tokens, format, period));
          const [first] = watched.result.jobs;
          return {
            format,
            exports: ADMINS,
            lines: first?.lines_total ?? 0,
            healthMaxMs: watched.healthMaxMs,
            healthP99Ms: watched.healthP99Ms,
            healthSamples: watched.healthSamples,
            rssBeforeMb: watched.rssBeforeMb,
            rssMaxMb: watched.rssMaxMb,
            rssPeakSinceStartMb: watched.rssPeakSinceStartMb,
            readySeconds: watched.result.seconds,
            bytes: first?.size_bytes ?? 0,
          };
        }),
      );
    }
    return loads;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureExports(): Promise<Array<{ database: string; loads: ExportsLoad[] }>> {
  const measured: Array<{ database: string; loads: ExportsLoad[] }> = [];
  if (DATABASES.includes('pglite')) measured.push({ database: 'PGlite', loads: await measureOn(null) });
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl && DATABASES.includes('postgres')) {
    measured.push({ database: 'PostgreSQL', loads: await withScratchDatabase(postgresUrl, (url) => measureOn(url)) });
  }
  return measured;
}

/** Prints each run's line; false when one missed a goal. */
export function reportExports(measured: Awaited<ReturnType<typeof measureExports>>): boolean {
  for (const { database, loads } of measured) for (const load of loads) console.log(exportsLine(database, load));
  return measured.every(({ loads }) => loads.every(withinGoals));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!reportExports(await measureExports())) process.exitCode = 1;
}
