/** One measured thing: a test file, an e2e spec or a step of `npm test`. */
export interface Timing {
  name: string;
  seconds: number;
  detail?: string;
}

export const formatSeconds = (seconds: number): string => `${seconds.toFixed(1)} s`;

/** The `count` slowest, slowest first, one aligned line each. */
export function slowestTable(timings: readonly Timing[], count: number): string[] {
  const slowest = [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const width = Math.max(0, ...slowest.map((t) => t.name.length));
  return slowest.map(
    (t, i) =>
      `  ${String(i + 1).padStart(2)}. ${formatSeconds(t.seconds).padStart(8)}  ${t.name.padEnd(width)}${t.detail ? `  (${t.detail})` : ''}`,
  );
}
