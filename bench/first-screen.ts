// `npx tsx bench/first-screen.ts`: LCP, CLS and bytes before LCP of / and /{slug} on a throttled phone
// (also part of `npm run bench`). Starts the product on a fresh embedded database with the demo data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureFirstScreen, type FirstScreenFigures, PHONE_PROFILE } from './lib/first-screen';
import { productEnv, startProcess, stopProcess, waitForUrl } from './lib/processes';

export const FIRST_SCREEN_PAGES = ['/', '/cozinha-solidaria-recife'] as const;
// The goals a first screen keeps (docs/web-app.md): throttled like a phone on slow
// 4G, unthrottled on this machine, and the bytes on the wire before the largest paint.
const LCP_GOAL_MS = 2_000;
const CLS_GOAL = 0.1;
const UNTHROTTLED_LCP_GOAL_MS = 400;
const BYTES_BEFORE_LCP_GOAL = 150 * 1024;

export interface FirstScreenReport {
  path: string;
  throttled: FirstScreenFigures;
  unthrottled: FirstScreenFigures;
}

export async function measureFirstScreens(base: string): Promise<FirstScreenReport[]> {
  const reports: FirstScreenReport[] = [];
  for (const path of FIRST_SCREEN_PAGES) {
    reports.push({
      path,
      throttled: await measureFirstScreen(`${base}${path}`, true),
      unthrottled: await measureFirstScreen(`${base}${path}`, false),
    });
  }
  return reports;
}

/** Prints the table; a page over the goal under throttling fails the run. */
export function reportFirstScreens(reports: FirstScreenReport[]): void {
  const { latencyMs, downloadBytesPerSecond, cpuSlowdown, viewport } = PHONE_PROFILE;
  console.log(
    `First screen, ${viewport.width}×${viewport.height} phone, ${latencyMs} ms RTT, ${((downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbps, CPU ×${cpuSlowdown}, cold cache, median of 3:`,
  );
  for (const { path, throttled, unthrottled } of reports) {
    const within =
      throttled.lcpMs <= LCP_GOAL_MS &&
      throttled.cls <= CLS_GOAL &&
      unthrottled.lcpMs <= UNTHROTTLED_LCP_GOAL_MS &&
      throttled.bytesBeforeLcp <= BYTES_BEFORE_LCP_GOAL;
    console.log(
      `  ${path.padEnd(28)} LCP ${String(throttled.lcpMs).padStart(5)} ms  CLS ${throttled.cls.toFixed(3)}  ` +
        `${(throttled.bytesBeforeLcp / 1024).toFixed(1).padStart(6)} KB before LCP  ` +
        `(unthrottled LCP ${unthrottled.lcpMs} ms, CLS ${unthrottled.cls.toFixed(3)})  ${within ? 'within' : 'OVER'} the goal ` +
        `(LCP ≤ ${LCP_GOAL_MS} ms, CLS ≤ ${CLS_GOAL}, unthrottled LCP ≤ ${UNTHROTTLED_LCP_GOAL_MS} ms, ≤ ${BYTES_BEFORE_LCP_GOAL / 1024} KB before LCP)`,
    );
    if (!within) process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = 3903;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-first-screen-'));
  // The covers' URLs are on the page's own origin, as in a deployment (not localhost beside 127.0.0.1).
  const child = startProcess('server/start.ts', productEnv(port, dataDir, { PUBLIC_URL: base }));
  try {
    await waitForUrl(`${base}/api/v1/health`);
    reportFirstScreens(await measureFirstScreens(base));
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
