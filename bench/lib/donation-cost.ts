import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { withGeneratedSecrets } from '../../server/config-secrets';
import { openPglite, openPostgres } from '../../server/db/open-database';
import { createQueryCounter } from '../../server/db/query-count';
import { ensureReferenceData } from '../../server/db/reference-data';
import { campaigns } from '../../server/db/schema';
import { DONORS, donationBody, tokenRequest } from './giving';
import type { LoadResult } from './load';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one guest card donation costs the database, the app's own work (the sandbox gateway's apart). */
export interface DonationCost {
  statements: number;
  commits: number;
  gatewayStatements: number;
  gatewayCommits: number;
}

/**
 * Statements and commits per guest card donation, counted on an app in this process over `count`
 * donations (query-count.ts): on PostgreSQL when `databaseUrl` is given (a scratch database), else PGlite.
 */
export async function measureDonationCost(databaseUrl: string | null, count = 50): Promise<DonationCost> {
  const counter = createQueryCounter();
  const database = databaseUrl
    ? await openPostgres(databaseUrl, { logger: counter.logger })
    : await openPglite(null, { logger: counter.logger });
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-cost-'));
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    counter.watch(database.db);
    const config = loadConfig(
      withGeneratedSecrets({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DEMO_SEED: 'false',
        DATA_DIR: dataDir,
        PAYMENT_RATE_LIMIT_MAX: '1000000',
      }),
    );
    const app = await buildApp({ config, db: database.db, database });
    try {
      const slug = `bench-${Date.now()}`;
      await database.db.insert(campaigns).values({
        slug,
        title: 'Cozinha solidária',
        summary: 'Refeições para quem precisa.',
        story: '<p>Bench.</p>',
        goalCents: 100_000_000,
        status: 'published',
        startsAt: new Date(Date.now() - DAY_MS),
        endsAt: new Date(Date.now() + 60 * DAY_MS),
        organiserName: 'Bench',
      });
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        const response = await app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: tokenRequest });
        tokens.push((response.json() as { token: string }).token);
      }
      counter.reset();
      for (const token of tokens) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/v1/campaigns/${slug}/donations`,
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: donationBody(token),
        });
        if (response.statusCode !== 201) throw new Error(`donation answered ${response.statusCode}: ${response.body}`);
      }
      const { app: own, sandboxGateway } = counter.read();
      return {
        statements: own.statements / count,
        commits: own.commits / count,
        gatewayStatements: sandboxGateway.statements / count,
        gatewayCommits: sandboxGateway.commits / count,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const PGBENCH =
  process.env.PGBENCH ?? (existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench');

/**
 * pgbench's TPC-B on the database of `url` (a scratch one: its tables are made there): 32 clients for
 * 20 s, the anchor the donation's rate is compared to. Scale 32 (one branch per client), or BENCH_PGBENCH_SCALE.
 */
export function pgbenchTps(url: string, options: { clients?: number; seconds?: number } = {}): number {
  const clients = options.clients ?? 32;
  const scale = process.env.BENCH_PGBENCH_SCALE ?? String(clients);
  const run = (args: string[]) => {
    const result = spawnSync(PGBENCH, [...args, url], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${PGBENCH} ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
    return result.stdout;
  };
  run(['-i', '-q', '-s', scale]);
  const out = run(['-c', String(clients), '-j', '2', '-T', String(options.seconds ?? 20), '-M', 'prepared']);
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) throw new Error(`no tps in pgbench's output: ${out}`);
  return Number(tps[1]);
}

/** The donation's figures on one database: its rate as a share of pgbench's tps (when measured), p99, and its cost. */
export function donationLine(database: string, load: LoadResult, cost: DonationCost, tps: number | null): string {
  const anchor =
    tps === null ? 'no pgbench anchor (PGlite)' : `ratio to pgbench ${(load.requestsPerSecond / tps).toFixed(3)} of ${tps.toFixed(0)} tps`;
  return (
    `POST donation, sandbox card, ${DONORS} donors (${database}): ${load.requestsPerSecond.toFixed(0)}/s, p99 ${load.p99Ms} ms, ${anchor}, ` +
    `${cost.statements.toFixed(1)} statements and ${cost.commits.toFixed(1)} commits per donation ` +
    `(sandbox gateway: ${cost.gatewayStatements.toFixed(1)} and ${cost.gatewayCommits.toFixed(1)}), errors ${load.errors + load.non2xx}`
  );
}
