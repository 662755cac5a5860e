/** /ready answer times (the database's check, which /health no longer makes) taken while some heavy work runs against the same server (issue 23). */
export interface HealthDuring {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Asks GET /api/v1/ready every `everyMs` (one at a time, as a load balancer's check would) from the
 * moment `work` starts until it settles, and reports the answer times. `work`'s own result is returned too.
 */
export async function healthDuring<T>(base: string, work: () => Promise<T>, everyMs = 20): Promise<{ health: HealthDuring; result: T }> {
  const times: number[] = [];
  // A first answer opens the connection and warms the route: not the work's doing.
  await (await fetch(`${base}/api/v1/ready`)).arrayBuffer();
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/ready`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/ready answered ${res.status}`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    const result = await work();
    return { health: summarise(times), result };
  } finally {
    running = false;
    await probing;
  }
}

function summarise(times: number[]): HealthDuring {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}
