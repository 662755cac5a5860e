import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import { type ExportJob, type ExportKind, type ExportRequest } from '../../../contracts/admin-exports';
import { errorCodes } from '../../../contracts/errors';
import { saoPauloDayText } from '../../../contracts/sao-paulo-time';
import { exportJobs } from '../../db/schema';
import type { Database } from '../../db/types';
import { conflict, gone, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import type { StoredFileStream } from '../storage/file-storage';
import type { Locale } from '../../../contracts/constants';
import { runQueuedExports, type ExportQueueDeps } from './export-queue';

export { runExport } from './export-run';
export { runQueuedExports } from './export-queue';
export { periodSteps } from '../finances/finance-pages';

/**
 * Exports in the background (docs/admin.md): the request is written at once and answered 202; the file
 * is then written to storage in parts (export-parts.ts), `lines_done` moving so the page shows progress,
 * and kept for EXPORT_KEPT_HOURS for the admin who asked. Every admin's exports wait in one queue, each
 * node running at most EXPORT_MAX_RUNS of them and each admin one at a time (export-queue.ts), each queued
 * one with its place shown. The process that took the request starts the queue; the `exports` job runs
 * whatever is queued or was left running by a process that stopped (export-run.ts), and deletes files
 * past their time.
 */

export type ExportDeps = ExportQueueDeps;

type Row = typeof exportJobs.$inferSelect;

/** The job as its admin sees it; `place` is its place in the queue (1: next), null unless queued. */
export const presentExportJob = (row: Row, place: number | null = null): ExportJob => ({
  id: row.id,
  kind: row.kind,
  format: row.format,
  status: row.status,
  lines_done: row.linesDone,
  lines_total: row.linesTotal,
  file_name: row.fileName,
  size_bytes: row.sizeBytes,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  queue_place: row.status === 'queued' ? place : null,
});

function fileNameOf(request: ExportRequest, now: Date): string {
  if (request.kind === 'finances') return `semear-financas-${request.period.from}-${request.period.to}.${request.format}`;
  return `semear-doacoes-${saoPauloDayText(now)}.${request.format}`;
}

/**
 * The audit entry of a file answered at once (GET …/export.csv, up to EXPORT_INLINE_MAX_LINES lines):
 * like a background export, it carries donors' names, e-mails and documents. No job exists, so the
 * subject is the file's name, kept in `after` with what was asked and how many lines went out.
 */
export async function recordDirectExport(
  db: Database,
  actor: AdminActor,
  file: { name: string; kind: ExportRequest['kind']; format: 'csv' | 'xlsx'; params: unknown; lines: number },
  now: Date,
): Promise<void> {
  const after = { name: file.name, kind: file.kind, format: file.format, params: file.params, lines: file.lines };
  await recordAudit(db, actor, { action: 'export.downloaded', subject: { type: 'export', id: file.name }, after }, now);
}

/** Writes the request (and its audit entry: an export carries donors' data) and answers it at once. */
export async function requestExport(deps: ExportDeps, actor: AdminActor, request: ExportRequest, locale: Locale): Promise<ExportJob> {
  const now = deps.clock.now();
  const params = request.kind === 'finances' ? request.period : request.filter;
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(exportJobs)
      .values({
        kind: request.kind,
        format: request.format,
        params,
        requestedBy: actor.userId,
        locale,
        fileName: fileNameOf(request, now),
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('export: not written');
    const after = { kind: request.kind, format: request.format, params };
    await recordAudit(tx, actor, { action: 'export.requested', subject: { type: 'export', id: created.id }, after }, now);
    return created;
  });
  return presentExportJob(row);
}

/**
 * Each queued export's place in the one queue of every admin's exports (1: the next to run): how many
 * asked before it still wait, plus one. A place only moves forward; an admin's own second export may be
 * passed by others' while their first runs (one run per admin).
 */
async function placesOf(deps: ExportDeps): Promise<Map<string, number>> {
  const queued = await deps.db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(eq(exportJobs.status, 'queued'))
    .orderBy(asc(exportJobs.createdAt), asc(exportJobs.id));
  return new Map(queued.map((row, index) => [row.id, index + 1]));
}

/** Files past their time are deleted; their jobs say so. */
export async function expireExports(deps: ExportDeps): Promise<number> {
  const due = await deps.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.status, 'ready'), lte(exportJobs.expiresAt, deps.clock.now())));
  for (const job of due) {
    if (job.storageKey) await deps.storage.delete(job.storageKey);
    await deps.db.update(exportJobs).set({ status: 'expired', storageKey: null }).where(eq(exportJobs.id, job.id));
  }
  return due.length;
}

/**
 * The `exports` job: runs left silent by a stopped process are taken over and queued exports nobody is
 * running (their process stopped before their turn came) are run, within this node's bound
 * (export-queue.ts); then the expired files are deleted.
 */
export async function runPendingExports(deps: ExportDeps): Promise<number> {
  return (await runQueuedExports(deps)) + (await expireExports(deps));
}

/** The caller's own export of that kind (someone else's is not found: exports carry donors' data). */
async function ownExport(deps: ExportDeps, kind: ExportKind, id: string, userId: string): Promise<Row> {
  const [row] = await deps.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.kind, kind), eq(exportJobs.requestedBy, userId)));
  if (!row) throw notFound(errorCodes.exportNotFound, am.exportNotFound);
  return row;
}

export async function exportJobOf(deps: ExportDeps, kind: ExportKind, id: string, userId: string): Promise<ExportJob> {
  const row = await ownExport(deps, kind, id, userId);
  return presentExportJob(row, row.status === 'queued' ? ((await placesOf(deps)).get(row.id) ?? null) : null);
}

/** The caller's recent exports of that kind, newest first (the page offers the ones still downloadable). */
export async function recentExports(deps: ExportDeps, kind: ExportKind, userId: string): Promise<ExportJob[]> {
  const rows = await deps.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.kind, kind), eq(exportJobs.requestedBy, userId), inArray(exportJobs.status, ['queued', 'running', 'ready'])))
    .orderBy(desc(exportJobs.createdAt))
    .limit(10);
  const places = rows.some((row) => row.status === 'queued') ? await placesOf(deps) : new Map<string, number>();
  return rows.map((row) => presentExportJob(row, places.get(row.id) ?? null));
}

/** The prepared file, while it lasts, as a stream from storage (a large export is never loaded whole). */
export async function exportFileOf(
  deps: ExportDeps,
  kind: ExportKind,
  id: string,
  userId: string,
): Promise<StoredFileStream & { fileName: string }> {
  const job = await ownExport(deps, kind, id, userId);
  const expired = job.status === 'expired' || (job.expiresAt !== null && job.expiresAt <= deps.clock.now());
  if (expired) throw gone(errorCodes.exportExpired, am.exportExpired);
  if (job.status !== 'ready' || !job.storageKey) throw conflict(errorCodes.exportNotReady, am.exportNotReady);
  const file = await deps.storage.open(job.storageKey);
  if (!file) throw gone(errorCodes.exportExpired, am.exportExpired);
  return { ...file, fileName: job.fileName };
}
