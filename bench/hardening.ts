// `npx tsx bench/hardening.ts` (part of `npm run bench`): issue 23's figures on this machine — /health p99
// while a zip bomb is read, and how long a password-reset e-mail waits behind a 10,000-card batch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthDuring } from './lib/health-during';
import { measureZipBomb, type ZipBombResult } from './lib/zip-bomb';
import { startProcess, stopProcess, waitForUrl } from './lib/processes';
import { mailWaitLine, measureMailWait, MAIL_WAIT_GOAL_MS } from './mail-wait';

export const HEALTH_P99_GOAL_MS = 100;

/** The product on a fresh embedded database with the demo data, for `work`, then stopped and removed. */
export async function withProduct<T>(port: number, env: Record<string, string>, work: (base: string) => Promise<T>): Promise<T> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-bench-hardening-'));
  const app = startProcess('server/start.ts', {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    await waitForUrl(`${base}/api/v1/health`);
    return await work(base);
  } finally {
    await stopProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function signInAs(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export const healthLine = (what: string, h: HealthDuring): string =>
  `/health while ${what}: p99 ${h.p99Ms} ms (${h.p99Ms <= HEALTH_P99_GOAL_MS ? 'within' : 'OVER'} the ${HEALTH_P99_GOAL_MS} ms goal), ` +
  `median ${h.p50Ms} ms, worst ${h.maxMs} ms, ${h.samples} answers`;

const zipBombLine = (r: ZipBombResult): string =>
  healthLine(`a ${r.packedKb} KB xlsx zip bomb (${r.unpackedMb} MB unpacked) is sent ${r.uploads} times`, r.health) +
  `; answered ${[...new Set(r.statuses)].join(', ')}`;

export async function measureHardening() {
  const zipBomb = await withProduct(3941, {}, async (base) =>
    measureZipBomb(base, await signInAs(base, 'doador@semear.dev', 'semear-doador-123')),
  );
  const mailWait = await measureMailWait();
  return { zipBomb, mailWait };
}

export function reportHardening(figures: Awaited<ReturnType<typeof measureHardening>>): boolean {
  console.log(zipBombLine(figures.zipBomb));
  console.log(mailWaitLine(figures.mailWait));
  return (
    figures.zipBomb.health.p99Ms <= HEALTH_P99_GOAL_MS &&
    figures.zipBomb.statuses.every((status) => status === 400) &&
    figures.mailWait.waitMs <= MAIL_WAIT_GOAL_MS
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!reportHardening(await measureHardening())) process.exitCode = 1;
}
