// `npx tsx bench/campaign-read.ts`: only the campaign read of `npm run bench` (GET /api/v1/campaigns/{slug}
// as a ratio of the bare route), on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on
// PostgreSQL, plus the time to first byte of `/` and of a campaign's page. BENCH_PORT moves its two
// ports (default 3901 and 3902, those of the full bench) so it can run beside another bench.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { campaignPageUrl, campaignUrl } from './lib/giving';
import { loadRow as row, measure } from './lib/load';
import { withScratchDatabase } from './lib/postgres';
import { productEnv, withProcess } from './lib/processes';

const BARE_PORT = Number(process.env.BENCH_PORT ?? 3901);
const APP_PORT = BARE_PORT + 1;

/** The median of `times` curl runs' time to first byte, in milliseconds. */
function timeToFirstByte(url: string, times = 21): number {
  const samples = Array.from({ length: times }, () =>
    Number(execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{time_starttransfer}', url], { encoding: 'utf8' })),
  ).sort((a, b) => a - b);
  return Math.round((samples[Math.floor(times / 2)] ?? 0) * 10000) / 10;
}

async function measureCampaign(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-'));
  const base = `http://127.0.0.1:${APP_PORT}`;
  const appEnv = productEnv(APP_PORT, dataDir, env);
  try {
    return await withProcess('server/start.ts', appEnv, `${base}/api/v1/health`, async () => {
      const home = timeToFirstByte(`${base}/`);
      const page = timeToFirstByte(campaignPageUrl(base));
      return { campaign: await measure(campaignUrl(base)), home, page };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bare = await withProcess('bench/bare-server.ts', { PORT: String(BARE_PORT) }, `http://127.0.0.1:${BARE_PORT}/bare`, () =>
  measure(`http://127.0.0.1:${BARE_PORT}/bare`),
);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const results: Array<[string, Awaited<ReturnType<typeof measureCampaign>>]> = [['PGlite', await measureCampaign({})]];
if (postgresUrl) results.push(['PostgreSQL', await withScratchDatabase(postgresUrl, (url) => measureCampaign({ DATABASE_URL: url }))]);

console.log(row('GET /bare (bare Fastify JSON)', bare, bare));
for (const [database, figures] of results) {
  console.log(row(`GET /api/v1/campaigns/{slug} (${database})`, figures.campaign, bare));
  console.log(`time to first byte (${database}): / ${figures.home} ms, /{slug} ${figures.page} ms (median of 21 curl runs)`);
}
