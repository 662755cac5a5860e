import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { exportJobs } from '../../db/schema';
import type { Database } from '../../db/types';
import { claimExport, runClaimedExport, STALE_AFTER_MS, type ExportRunDeps } from './export-run';

/**
 * The exports of every admin as one queue (docs/admin.md, "Exports"): each node runs at most
 * EXPORT_MAX_RUNS exports at once, whoever asked; the rest wait `queued`, oldest first, and each admin still
 * has one run at a time (the unique index on running jobs, which holds across nodes). Twenty admins asking
 * at once used to be twenty runs reading and writing side by side: seconds of /health and gigabytes of memory.
 * The bound is per process, so a node counts only its own runs; two nodes never run one job twice because a
 * run first claims its job in the database (export-run.ts).
 */

/** Without a configuration (tests, the bench's own runs): config.ts's default is 1 on PGlite, 2 on PostgreSQL. */
export const DEFAULT_EXPORT_MAX_RUNS = 2;

export interface ExportQueueDeps extends ExportRunDeps {
  /** EXPORT_MAX_RUNS (server/config.ts); tests and the bench leave it to the default. */
  config?: { exportMaxRuns: number };
}

/**
 * This node's runs in flight, per database handle: the routes and the `exports` job of one process share
 * the handle, so they share the count without being handed it (tests build several apps on one database
 * in one process: they count together, as one node would).
 */
const runningOn = new WeakMap<Database, { running: number }>();

function nodeOf(db: Database): { running: number } {
  let node = runningOn.get(db);
  if (!node) runningOn.set(db, (node = { running: 0 }));
  return node;
}

/** How many waiting exports are looked at per claim: enough to skip those a busy admin or another node holds. */
const CANDIDATES = 20;

/**
 * The oldest exports this node may take: queued ones whose admin has no run going, and runs gone silent
 * (a stopped process's, taken over after STALE_AFTER_MS). Then claimed one by one until one is ours.
 */
async function claimNext(deps: ExportQueueDeps) {
  const stale = new Date(deps.clock.now().getTime() - STALE_AFTER_MS);
  const candidates = await deps.db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(
      or(
        and(
          eq(exportJobs.status, 'queued'),
          sql`not exists (select 1 from export_jobs busy where busy.requested_by = export_jobs.requested_by and busy.status = 'running')`,
        ),
        and(eq(exportJobs.status, 'running'), lt(exportJobs.heartbeatAt, stale)),
      ),
    )
    .orderBy(asc(exportJobs.createdAt), asc(exportJobs.id))
    .limit(CANDIDATES);
  for (const { id } of candidates) {
    const job = await claimExport(deps, id);
    if (job) return job;
  }
  return null;
}

/**
 * Runs waiting exports while this node has a free run, each freed run taking the next; resolves once the
 * runs it started (and those they handed on to) are done, with how many they were. Called when an export is
 * asked and by the `exports` job; safe to call any number of times at once.
 */
export async function runQueuedExports(deps: ExportQueueDeps): Promise<number> {
  const node = nodeOf(deps.db);
  const maxRuns = deps.config?.exportMaxRuns ?? DEFAULT_EXPORT_MAX_RUNS;
  const runs: Array<Promise<number>> = [];
  while (node.running < maxRuns) {
    // The run is counted before the claim's await: two callers at once never start more than maxRuns.
    node.running += 1;
    let job: Awaited<ReturnType<typeof claimNext>> = null;
    try {
      job = await claimNext(deps);
    } finally {
      if (!job) node.running -= 1;
    }
    if (!job) break;
    const run = runClaimedExport(deps, job).finally(() => (node.running -= 1));
    runs.push(run.then(async () => 1 + (await runQueuedExports(deps))));
  }
  return (await Promise.all(runs)).reduce((sum, n) => sum + n, 0);
}

/** This node's runs in flight (tests watch the bound with it). */
export const exportRunsInFlight = (db: Database): number => nodeOf(db).running;
