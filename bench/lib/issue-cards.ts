import { execFileSync } from 'node:child_process';

export interface IssueTimes {
  quantity: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Issues a paid corporate batch of `quantity` cards as the batch job does, in its own process (bench/issue-cards.ts); PostgreSQL when a URL is given. */
export function measureCardIssue(databaseUrl: string | null, quantity = 10_000): IssueTimes {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/issue-cards.ts'], {
    env: { ...process.env, CARDS: String(quantity), ...(databaseUrl ? { BENCH_ISSUE_DATABASE_URL: databaseUrl } : {}) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as IssueTimes;
}

export const issueLine = (database: string, times: IssueTimes): string =>
  `Issuing a paid corporate batch of ${times.quantity.toLocaleString('en')} gift cards (${database}): ${times.seconds.toFixed(2)} s, ` +
  `peak RSS ${times.peakRssMb.toFixed(0)} MB (${times.rssBeforeMb.toFixed(0)} MB before issuing)`;
