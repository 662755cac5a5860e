// `npm run bench`: every figure in one run, API throughput always as a ratio of a bare Fastify route
// measured on the same machine a moment earlier, so results compare across machines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, ratio, type LoadResult } from './lib/load';
import { javascriptWeight } from './lib/page-weight';
import { startProcess, stopProcess, waitForUrl } from './lib/processes';

const BARE_PORT = 3901;
const APP_PORT = 3902;
const HOME_JS_BUDGET_BYTES = 150 * 1024;

async function withProcess<T>(entry: string, env: Record<string, string>, readyUrl: string, work: () => Promise<T>): Promise<T> {
  const child = startProcess(entry, env);
  try {
    await waitForUrl(readyUrl);
    return await work();
  } finally {
    await stopProcess(child);
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'doador@semear.dev', password: 'semear-doador-123' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const row = (name: string, r: LoadResult, bare: LoadResult) =>
  `${name.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s  p99 ${String(r.p99Ms).padStart(4)} ms  ` +
  `ratio req/s ${ratio(r.requestsPerSecond, bare.requestsPerSecond)}  ratio p99 ${ratio(r.p99Ms, bare.p99Ms)}  errors ${r.errors + r.non2xx}`;

const bare = await withProcess('bench/bare-server.ts', { PORT: String(BARE_PORT) }, `http://127.0.0.1:${BARE_PORT}/bare`, () =>
  measure(`http://127.0.0.1:${BARE_PORT}/bare`),
);

const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-'));
const base = `http://127.0.0.1:${APP_PORT}`;
const appEnv = { PORT: String(APP_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_SEED: 'true', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000' };
try {
  const { profile, page } = await withProcess('server/start.ts', appEnv, `${base}/api/v1/health`, async () => {
    const token = await signIn(base);
    const profile = await measure(`${base}/api/v1/users/profile`, { authorization: `Bearer ${token}` });
    const page = await javascriptWeight(`${base}/`);
    return { profile, page };
  });

  console.log('\nSemear benchmarks (PGlite, embedded defaults)\n');
  console.log(row('GET /bare (bare Fastify JSON)', bare, bare));
  console.log(row('GET /api/v1/users/profile', profile, bare));
  const kb = (page.gzipBytes / 1024).toFixed(1);
  const verdict = page.gzipBytes <= HOME_JS_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`\nHome page JavaScript: ${page.scripts} files, ${kb} KB gzipped (${verdict} the 150 KB budget)`);
  if (page.gzipBytes > HOME_JS_BUDGET_BYTES) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
