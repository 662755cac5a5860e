import { execFileSync } from 'node:child_process';

export interface MoneyFigures {
  donations: number;
  seededSeconds: number;
  financesMedianMs: number;
  compactSeconds: number;
  compactedDays: number;
  exportSeconds: number;
  exportLines: number;
  exportBytes: number;
  deliveries: number;
  deliveriesPerSecond: number;
}

/** The finances page's API over a year of 100,000 donations, and webhook deliveries per second, in their own process (bench/admin-money.ts). */
export function measureAdminMoney(databaseUrl: string | null): MoneyFigures {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/admin-money.ts'], {
    env: { ...process.env, ...(databaseUrl ? { BENCH_MONEY_DATABASE_URL: databaseUrl } : {}) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as MoneyFigures;
}

export const moneyLines = (database: string, figures: MoneyFigures): string[] => [
  `GET /api/v1/admin/finances for a year of ${figures.donations.toLocaleString('en')} donations (${database}): median ${figures.financesMedianMs.toFixed(0)} ms (goal ≤ 200 ms; ${figures.compactedDays} days rolled up by the finance-rollups job in ${figures.compactSeconds.toFixed(1)} s beforehand)`,
  `The same year's CSV export prepared in the background (${database}): ${figures.exportSeconds.toFixed(1)} s for ${figures.exportLines.toLocaleString('en')} lines (${(figures.exportBytes / 1_048_576).toFixed(1)} MB)`,
  `Webhook deliveries to a receiver on this machine, in its own process (${database}): ${figures.deliveriesPerSecond.toFixed(0)} per second (${figures.deliveries} signed POSTs) (goal ≥ 1,000/s)`,
];
