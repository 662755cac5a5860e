// `npm run bench`: every figure in one run, API throughput always as a ratio of a bare Fastify route
// measured on the same machine a moment earlier, so results compare across machines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { campaignPageUrl, campaignUrl, measureCardDonations } from './lib/giving';
import { loadRow as row, measure } from './lib/load';
import { seedNotifications } from './lib/notifications';
import { signedInLines } from './lib/signed-in-reads';
import { measureForgotPassword, type ForgotPasswordTimes } from './lib/password-forgot';
import { measureRealtimeFanout, type RealtimeFanoutResult } from './lib/realtime';
import { javascriptWeight, type PageWeight } from './lib/page-weight';
import type { LandingPage } from '../server/http/landing-pages';
import { FIRST_SCREEN_BUDGETS } from '../tests/budget/first-screen-budgets';
import { weighFirstScreen } from '../tests/budget/first-screen-weight';
import { measureFirstScreens, reportFirstScreens } from './first-screen';
import { measureRecipientSheet } from './lib/recipient-sheet';
import { issueLine, measureCardIssue } from './lib/issue-cards';
import { measureAdminMoney, moneyLines } from './lib/admin-money';
import { withScratchDatabase } from './lib/postgres';
import { donationLine, measureDonationCost, pgbenchTps } from './lib/donation-cost';
import { productEnv, withProcess } from './lib/processes';
import { measureHardening, reportHardening } from './hardening';
import { measureExports, reportExports } from './exports';
import { reportMailVolume } from './mail-volume';

const BARE_PORT = 3901;
const APP_PORT = 3902;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'doador@semear.dev', password: 'semear-doador-123' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const bare = await withProcess('bench/bare-server.ts', { PORT: String(BARE_PORT) }, `http://127.0.0.1:${BARE_PORT}/bare`, () =>
  measure(`http://127.0.0.1:${BARE_PORT}/bare`),
);

/** Starts the product on one database and measures the profile, the campaign and card donations. */
async function measureProduct(env: Record<string, string>, alsoPageWeight: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-'));
  const base = `http://127.0.0.1:${APP_PORT}`;
  const appEnv = productEnv(APP_PORT, dataDir, env);
  try {
    return await withProcess('server/start.ts', appEnv, `${base}/api/v1/health`, async () => {
      // First, on the freshly started server: after the load runs below (a thousand sockets closing, the
      // collector catching up) a page's paint measured the server's leftovers more than the page.
      const firstScreens = alsoPageWeight ? await measureFirstScreens(base) : null;
      const token = await signIn(base);
      const profile = await measure(`${base}/api/v1/users/profile`, { authorization: `Bearer ${token}` });
      const campaign = await measure(campaignUrl(base));
      // As browsers and CDNs ask for it: compressed (kept compressed with the answer, encoded-answer.ts).
      const campaignBrotli = await measure(campaignUrl(base), { 'accept-encoding': 'gzip, deflate, br, zstd' });
      const donation = await measureCardDonations(base);
      const notificationsPage = await seedNotifications(base, token);
      const notifications = await measure(notificationsPage.url, notificationsPage.headers);
      const forgotPassword = await measureForgotPassword(base, 'doador@semear.dev');
      // The embedded realtime endpoint is the same on either database: measured once, with the page weights.
      const realtime = alsoPageWeight ? await measureRealtimeFanout(base, { dataDir }) : null;
      const home = alsoPageWeight ? await javascriptWeight(`${base}/`) : null;
      const campaignPage = alsoPageWeight ? await javascriptWeight(campaignPageUrl(base)) : null;
      return { profile, campaign, campaignBrotli, donation, notifications, forgotPassword, realtime, home, campaignPage, firstScreens };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const embedded = await measureProduct({}, true);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const onPostgres = postgresUrl ? await withScratchDatabase(postgresUrl, (url) => measureProduct({ DATABASE_URL: url }, false)) : null;

// The donation's anchor: pgbench's TPC-B on the same PostgreSQL, in a scratch database of its own.
const pgbench = postgresUrl ? await withScratchDatabase(postgresUrl, async (url) => pgbenchTps(url)) : null;
const donationCost = {
  PGlite: await measureDonationCost(null),
  PostgreSQL: postgresUrl ? await withScratchDatabase(postgresUrl, (url) => measureDonationCost(url)) : null,
};

console.log('\nSemear benchmarks (ratios against the bare route of this run)\n');
console.log(row('GET /bare (bare Fastify JSON)', bare, bare));
for (const [database, figures] of [
  ['PGlite', embedded],
  ['PostgreSQL', onPostgres],
] as const) {
  if (!figures) {
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure on PostgreSQL too)');
    continue;
  }
  // Issue 52's signed-in reads, each with its goal.
  for (const line of signedInLines(database, figures, bare)) console.log(line);
  console.log(row(`GET /api/v1/campaigns/{slug} (${database})`, figures.campaign, bare));
  console.log(row(`GET /api/v1/campaigns/{slug}, br (${database})`, figures.campaignBrotli, bare));
  console.log(row(`POST donation, sandbox card (${database})`, figures.donation, bare));
  console.log(donationLine(database, figures.donation, donationCost[database]!, database === 'PostgreSQL' ? pgbench : null));
  reportForgotPassword(database, figures.forgotPassword);
}

function reportForgotPassword(database: string, times: ForgotPasswordTimes): void {
  console.log(
    `POST /api/v1/password/forgot (${database}): median ${times.knownMedianMs.toFixed(2)} ms for an account's e-mail, ` +
      `${times.unknownMedianMs.toFixed(2)} ms for an unknown one (${times.requests} each, alternating)`,
  );
}

function reportRealtime(fanout: RealtimeFanoutResult): void {
  console.log(
    `Realtime fan-out (embedded Pusher endpoint): ${fanout.connectedHeld}/${fanout.clients} connections held, ` +
      `${fanout.events} balance events delivered, latency p50 ${fanout.p50Ms} ms, p99 ${fanout.p99Ms} ms`,
  );
}
console.log('');
reportRealtime(embedded.realtime!);

/**
 * What the page loads before its first screen, against its budget (the same figure `npm test` holds in
 * tests/budget), and everything it fetched until the network was idle (lazy parts and prefetch included).
 */
function reportWeight(name: string, page: LandingPage, weight: PageWeight): void {
  const first = weighFirstScreen(join(process.cwd(), 'dist'), page);
  const budget = FIRST_SCREEN_BUDGETS[page].js;
  const verdict = first.js <= budget ? 'within' : 'OVER';
  console.log(
    `${name} JavaScript before the first screen: ${first.scripts.length} files, ${(first.js / 1024).toFixed(1)} KB gzipped ` +
      `(${verdict} the ${budget / 1024} KB budget); until network idle: ${weight.scripts} files, ${(weight.gzipBytes / 1024).toFixed(1)} KB`,
  );
  if (first.js > budget) process.exitCode = 1;
}
console.log('');
reportWeight('Home page (/)', '/', embedded.home!);
reportWeight('Campaign page (/{slug})', '/{slug}', embedded.campaignPage!);
console.log('');
reportFirstScreens(embedded.firstScreens!);
console.log('');
const sheet = measureRecipientSheet();
console.log(
  `Recipients spreadsheet read on the server (${sheet.rows} rows, no database): csv median ${sheet.csvMedianMs.toFixed(1)} ms, ` +
    `xlsx median ${sheet.xlsxMedianMs.toFixed(1)} ms`,
);
const issuedEmbedded = measureCardIssue(null);
console.log(issueLine('PGlite', issuedEmbedded));
const issuedPostgres = postgresUrl ? await withScratchDatabase(postgresUrl, async (url) => measureCardIssue(url)) : null;
console.log(
  issuedPostgres ? issueLine('PostgreSQL', issuedPostgres) : '(set BENCH_DATABASE_URL or TEST_DATABASE_URL to issue on PostgreSQL too)',
);
console.log('');
for (const line of moneyLines('PGlite', measureAdminMoney(null))) console.log(line);
const moneyPostgres = postgresUrl ? await withScratchDatabase(postgresUrl, async (url) => measureAdminMoney(url)) : null;
if (moneyPostgres) for (const line of moneyLines('PostgreSQL', moneyPostgres)) console.log(line);
else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure the finances and webhooks on PostgreSQL too)');
console.log('');
if (!reportHardening(await measureHardening())) process.exitCode = 1;
console.log('');
// Issue 48: twenty admins' 100,000-line exports at once, XLSX and CSV (bench/exports.ts).
if (!reportExports(await measureExports())) process.exitCode = 1;
console.log('');
// Issue 51: 10,000 e-mails through the outbox's SMTP pool to a provider taking 300 ms a message (bench/mail-volume.ts).
if (!(await reportMailVolume(postgresUrl))) process.exitCode = 1;
