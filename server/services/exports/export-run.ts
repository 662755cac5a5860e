import { and, eq, lt, or, sql } from 'drizzle-orm';
import { EXPORT_KEPT_HOURS } from '../../../contracts/admin-exports';
import { isUniqueViolation } from '../../db/errors';
import { exportJobs } from '../../db/schema';
import type { Database } from '../../db/types';
import type { Clock } from '../clock';
import type { Translator } from '../../i18n/translator';
import { contentTypeOfKey, type FileStorage } from '../storage/file-storage';
import { exportParts, type ExportProgress } from './export-parts';

/**
 * One run of an export (docs/admin.md): it takes the job, writes its file to storage in parts, and marks
 * it ready. The run beats its heartbeat on a timer of its own, so a run that is slow under load but alive
 * is never taken for a stopped one; a run is taken over only after STALE_AFTER_MS of silence. Every write
 * a run makes is fenced by the attempt it took the job with: a run that was taken over (a process that
 * froze, then woke) writes nothing more — no progress over the new run's, no 'ready' of its own.
 */

export interface ExportRunDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  /** The file is written in the language of the admin who asked (export-words.ts). */
  translator: Translator;
  log?: { error(obj: object, msg: string): void };
  /** How often a run beats its heartbeat (HEARTBEAT_MS; tests make it short or stop it). */
  heartbeatMs?: number;
}

type Row = typeof exportJobs.$inferSelect;

const HEARTBEAT_MS = 10_000;
/** Eighteen beats missed: only a run that stopped (or a process frozen that long) is this silent. */
export const STALE_AFTER_MS = 3 * 60_000;
/** A run that failed this many times is given up (the admin sees it failed and may ask again). */
const MAX_ATTEMPTS = 3;

/** Thrown inside a run that another run took over: it stops without writing anything more. */
class RunTakenOver extends Error {}

/**
 * Takes the job if it is queued (and its admin has no other run going: the unique index says so), or
 * if its run went silent; null when another run has it, it is done, or it must wait its turn.
 */
export async function claimExport(deps: ExportRunDeps, id: string): Promise<Row | null> {
  const now = deps.clock.now();
  try {
    const [row] = await deps.db
      .update(exportJobs)
      .set({ status: 'running', heartbeatAt: now, linesDone: 0, attempts: sql`${exportJobs.attempts} + 1` })
      .where(
        and(
          eq(exportJobs.id, id),
          or(
            eq(exportJobs.status, 'queued'),
            and(eq(exportJobs.status, 'running'), lt(exportJobs.heartbeatAt, new Date(now.getTime() - STALE_AFTER_MS))),
          ),
        ),
      )
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The writes of the run that took `job`: each touches the row only while this run still holds it. */
function fencedRun(deps: ExportRunDeps, job: Row) {
  const ours = and(eq(exportJobs.id, job.id), eq(exportJobs.status, 'running'), eq(exportJobs.attempts, job.attempts));
  const write = async (values: Partial<typeof exportJobs.$inferInsert>) =>
    (await deps.db.update(exportJobs).set(values).where(ours).returning({ id: exportJobs.id })).length === 1;
  return {
    beat: () => write({ heartbeatAt: deps.clock.now() }),
    async progress(done: number, total?: number) {
      const held = await write({ linesDone: done, heartbeatAt: deps.clock.now(), ...(total === undefined ? {} : { linesTotal: total }) });
      if (!held) throw new RunTakenOver();
    },
    finish: write,
  } satisfies ExportProgress & Record<string, unknown>;
}

/**
 * Runs one export to its file. Safe to call from several places at once: one run takes the job. Answers
 * whether this call took it (false: another run has it, it is done, or its admin's queue is busy). It runs
 * now, outside the node's bound: the queue (export-queue.ts) claims and runs through runClaimedExport.
 */
export async function runExport(deps: ExportRunDeps, id: string): Promise<boolean> {
  const job = await claimExport(deps, id);
  if (!job) return false;
  await runClaimedExport(deps, job);
  return true;
}

/** Runs a job this process has just claimed (claimExport) to its file, or to its failure. */
export async function runClaimedExport(deps: ExportRunDeps, job: Row): Promise<void> {
  const run = fencedRun(deps, job);
  const heartbeat = setInterval(() => {
    run.beat().catch((error: unknown) => deps.log?.error({ err: error, exportId: job.id }, 'export heartbeat failed'));
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  // The attempt is in the key: a run taken over never writes over the file of the run that took it.
  const key = `exports/${job.id}-${job.attempts}.${job.format}`;
  try {
    const written = { lines: 0 };
    const sizeBytes = await deps.storage.putParts(key, exportParts(deps, job, run, written), contentTypeOfKey(key));
    const now = deps.clock.now();
    // Ready with every line it wrote as both done and total (what was counted first may have grown meanwhile).
    const ready = await run.finish({
      status: 'ready',
      storageKey: key,
      sizeBytes,
      linesDone: written.lines,
      linesTotal: written.lines,
      finishedAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_KEPT_HOURS * 3_600_000),
    });
    if (!ready) await deps.storage.delete(key);
  } catch (error) {
    if (error instanceof RunTakenOver) return;
    deps.log?.error({ err: error, exportId: job.id }, 'export failed');
    const givenUp = job.attempts >= MAX_ATTEMPTS;
    await run.finish(givenUp ? { status: 'failed', finishedAt: deps.clock.now() } : { status: 'queued' });
  } finally {
    clearInterval(heartbeat);
  }
}
