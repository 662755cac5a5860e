import { readFileSync } from 'node:fs';

/** What the server went through while the exports ran: /health's worst answer, its memory, the time until all were ready. */
export interface ExportsLoad {
  format: 'csv' | 'xlsx';
  exports: number;
  lines: number;
  healthMaxMs: number;
  healthP99Ms: number;
  healthSamples: number;
  /** The server's RSS just before the exports were asked, the highest reading during them, and its peak since it started (VmHWM). */
  rssBeforeMb: number;
  rssMaxMb: number;
  rssPeakSinceStartMb: number;
  readySeconds: number;
  bytes: number;
}

/** The process's resident memory now (VmRSS) and at its peak (VmHWM), in MB; Linux only. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** EXPORT_SLOW_MS: each /health answer slower than this is printed with its time, to set beside the server's own log. */
const SLOW_MS = Number(process.env.EXPORT_SLOW_MS ?? Number.POSITIVE_INFINITY);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while asking GET /health every `everyMs` (one at a time, as a load balancer would) and reading
 * the server's RSS as often; answers the worst /health time, the RSS before, the highest reading during the
 * work, and the process's peak since it started (VmHWM: a peak between two readings, or the start's own).
 */
export async function watchServer<T>(
  base: string,
  pid: number,
  work: () => Promise<T>,
  everyMs = 50,
): Promise<{
  result: T;
  healthMaxMs: number;
  healthP99Ms: number;
  healthSamples: number;
  rssBeforeMb: number;
  rssMaxMb: number;
  rssPeakSinceStartMb: number;
}> {
  await (await fetch(`${base}/api/v1/health`)).arrayBuffer(); // the connection opened, not the work's doing
  const rssBeforeMb = memoryMb(pid).rss;
  let running = true;
  const healthTimes: number[] = [];
  let rssMaxMb = 0;
  const health = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${base}/api/v1/health`);
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`/health answered ${answer.status}`);
      const took = performance.now() - started;
      healthTimes.push(took);
      if (took > SLOW_MS) console.error(`[bench ${new Date().toISOString().slice(11, 23)}] /health ${Math.round(took)} ms`);
      await sleep(everyMs);
    }
  })();
  const memory = (async () => {
    while (running) {
      rssMaxMb = Math.max(rssMaxMb, memoryMb(pid).rss);
      await sleep(everyMs);
    }
  })();
  try {
    const result = await work();
    const { rss, peak } = memoryMb(pid);
    const sorted = [...healthTimes].sort((a, b) => a - b);
    return {
      result,
      healthMaxMs: Math.round(sorted.at(-1) ?? 0),
      healthP99Ms: Math.round(sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0),
      healthSamples: sorted.length,
      rssBeforeMb,
      rssMaxMb: Math.max(rssMaxMb, rss),
      rssPeakSinceStartMb: peak,
    };
  } finally {
    running = false;
    await Promise.all([health, memory]);
  }
}

interface Job {
  id: string;
  status: string;
  lines_total: number | null;
  size_bytes: number | null;
}

/** Each admin asks one export of the period at once, then each follows theirs (a second apart) until all are ready. */
export async function exportAll(
  base: string,
  tokens: string[],
  format: 'csv' | 'xlsx',
  period: { from: string; to: string },
): Promise<{ jobs: Job[]; seconds: number }> {
  const started = performance.now();
  const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const asked = await Promise.all(
    tokens.map(async (token) => {
      const answer = await fetch(`${base}/api/v1/admin/finances/exports`, {
        method: 'POST',
        headers: headersOf(token),
        body: JSON.stringify({ format, period }),
      });
      if (answer.status !== 202) throw new Error(`export: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as Job).id;
    }),
  );
  for (;;) {
    await sleep(1000);
    const jobs: Job[] = [];
    for (const [i, id] of asked.entries()) {
      const answer = await fetch(`${base}/api/v1/admin/finances/exports/${id}`, { headers: headersOf(tokens[i] as string) });
      jobs.push((await answer.json()) as Job);
    }
    if (jobs.some((job) => job.status === 'failed')) throw new Error('an export failed');
    if (jobs.every((job) => job.status === 'ready')) return { jobs, seconds: (performance.now() - started) / 1000 };
  }
}

export const exportsLine = (database: string, load: ExportsLoad): string =>
  `exports (${database}): ${load.exports} × ${load.lines.toLocaleString('en')} lines ${load.format} — ` +
  `/health max ${load.healthMaxMs} ms (goal ≤ 200; p99 ${load.healthP99Ms} ms of ${load.healthSamples} answers), RSS max ${load.rssMaxMb} MB (goal ≤ 512; ` +
  `${load.rssBeforeMb} MB before, peak since start ${load.rssPeakSinceStartMb} MB), ` +
  `all ready in ${load.readySeconds.toFixed(1)} s (${(load.bytes / 1_048_576).toFixed(1)} MB each)`;

export const withinGoals = (load: ExportsLoad): boolean => load.healthMaxMs <= 200 && load.rssMaxMb <= 512;
