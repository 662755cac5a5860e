import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon after a short warm-up and returns throughput and tail latency. */
export async function measure(
  url: string,
  headers: Record<string, string> = {},
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
): Promise<LoadResult> {
  const run = (duration: number) => autocannon({ url, headers, connections: 20, pipelining: 1, duration });
  await run(2);
  const result = await run(seconds);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * value / reference. autocannon reports whole milliseconds, so a bare route's p99 often reads 0: it is
 * then taken as 1 ms and the ratio shown as a lower bound (≥).
 */
export const ratio = (value: number, reference: number): string => {
  if (reference === 0) return value === 0 ? (1).toPrecision(3) : `≥${value.toPrecision(3)}`;
  return (value / reference).toPrecision(3);
};

/** One line of the report: throughput and p99, and their ratios to the bare route's. */
export const loadRow = (name: string, r: LoadResult, bare: LoadResult) =>
  `${name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s  p99 ${String(r.p99Ms).padStart(4)} ms  ` +
  `ratio req/s ${ratio(r.requestsPerSecond, bare.requestsPerSecond)}  ratio p99 ${ratio(r.p99Ms, bare.p99Ms)}  errors ${r.errors + r.non2xx}`;
