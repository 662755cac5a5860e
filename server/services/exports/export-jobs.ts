import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import {
  EXPORT_KEPT_HOURS,
  type DonationExportFilter,
  type ExportJob,
  type ExportKind,
  type ExportRequest,
} from '../../../contracts/admin-exports';
import type { FinanceLine } from '../../../contracts/admin-finances';
import { errorCodes } from '../../../contracts/errors';
import { saoPauloDayText } from '../../../contracts/sao-paulo-time';
import { exportJobs } from '../../db/schema';
import type { Database } from '../../db/types';
import { conflict, gone, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import type { Clock } from '../clock';
import { financeCsv, financeXlsx } from '../finances/finance-export';
import { countFinanceLines, financeLines } from '../finances/finances';
import { adminDonationsAfter, adminDonationsCsv, countAdminDonations } from '../refunds/admin-donations';
import type { AdminDonationRow } from '../../../contracts/admin-donations';
import { contentTypeOfKey, type FileStorage } from '../storage/file-storage';
import type { Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import { exportText } from './export-words';

/**
 * Exports in the background (docs/admin.md): the request is written at once and answered 202; the file
 * is then read in steps (a week of ledger lines, or EXPORT_STEP_ROWS donations, at a time), each step
 * moving `lines_done` so the page shows progress, and stored for EXPORT_KEPT_HOURS for the admin who
 * asked. The run starts in the process that took the request; the `exports` job runs whatever is queued
 * or was left running by a process that stopped (no heartbeat for STALE_AFTER_MS), and deletes files
 * past their time.
 */

export interface ExportDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  /** The file is written in the language of the admin who asked (export-words.ts). */
  translator: Translator;
  log?: { error(obj: object, msg: string): void };
}

type Row = typeof exportJobs.$inferSelect;

const EXPORT_STEP_ROWS = 2_000;
const STEP_DAYS = 7;
const STALE_AFTER_MS = 2 * 60_000;
/** A run that failed this many times is given up (the admin sees it failed and may ask again). */
const MAX_ATTEMPTS = 3;

export const presentExportJob = (row: Row): ExportJob => ({
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

/** Takes the job if it is queued or its run went silent; null when another run has it or it is done. */
async function claim(deps: ExportDeps, id: string): Promise<Row | null> {
  const now = deps.clock.now();
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
}

const progress = (deps: ExportDeps, id: string, done: number, total?: number) =>
  deps.db
    .update(exportJobs)
    .set({ linesDone: done, heartbeatAt: deps.clock.now(), ...(total === undefined ? {} : { linesTotal: total }) })
    .where(eq(exportJobs.id, id));

/** 'YYYY-MM-DD' plus n calendar days. */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The period in steps of STEP_DAYS São Paulo days, in order. */
export function periodSteps(period: { from: string; to: string }): Array<{ from: string; to: string }> {
  const steps: Array<{ from: string; to: string }> = [];
  for (let from = period.from; from <= period.to; from = addDays(from, STEP_DAYS)) {
    const end = addDays(from, STEP_DAYS - 1);
    steps.push({ from, to: end < period.to ? end : period.to });
  }
  return steps;
}

async function financeFile(deps: ExportDeps, job: Row): Promise<{ body: Uint8Array; lines: number }> {
  const period = job.params as { from: string; to: string };
  await progress(deps, job.id, 0, await countFinanceLines(deps.db, period));
  const lines: FinanceLine[] = [];
  for (const step of periodSteps(period)) {
    lines.push(...(await financeLines(deps.db, step)));
    await progress(deps, job.id, lines.length);
  }
  const words = exportText(deps.translator, job.locale);
  const body = job.format === 'xlsx' ? financeXlsx(lines, words) : Buffer.from(financeCsv(lines, words), 'utf8');
  return { body, lines: lines.length };
}

async function donationsFile(deps: ExportDeps, job: Row): Promise<{ body: Uint8Array; lines: number }> {
  const filter = job.params as DonationExportFilter;
  await progress(deps, job.id, 0, await countAdminDonations(deps.db, filter));
  const rows: AdminDonationRow[] = [];
  for (;;) {
    const step = await adminDonationsAfter(deps.db, filter, rows.at(-1)?.id ?? null, EXPORT_STEP_ROWS);
    rows.push(...step);
    await progress(deps, job.id, rows.length);
    if (step.length < EXPORT_STEP_ROWS) break;
  }
  return { body: Buffer.from(adminDonationsCsv(rows, exportText(deps.translator, job.locale)), 'utf8'), lines: rows.length };
}

/** Runs one export to its file. Safe to call from several places at once: one run takes the job. */
export async function runExport(deps: ExportDeps, id: string): Promise<void> {
  const job = await claim(deps, id);
  if (!job) return;
  try {
    const { body, lines } = job.kind === 'finances' ? await financeFile(deps, job) : await donationsFile(deps, job);
    const key = `exports/${job.id}.${job.format}`;
    await deps.storage.put(key, body, contentTypeOfKey(key));
    const now = deps.clock.now();
    await deps.db
      .update(exportJobs)
      .set({
        status: 'ready',
        storageKey: key,
        sizeBytes: body.byteLength,
        // What was counted first may have grown while it was read: the file's count is the one to show.
        linesDone: lines,
        linesTotal: lines,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_KEPT_HOURS * 3_600_000),
      })
      .where(eq(exportJobs.id, job.id));
  } catch (error) {
    deps.log?.error({ err: error, exportId: job.id }, 'export failed');
    const givenUp = job.attempts >= MAX_ATTEMPTS;
    await deps.db
      .update(exportJobs)
      .set(givenUp ? { status: 'failed', finishedAt: deps.clock.now() } : { status: 'queued' })
      .where(eq(exportJobs.id, job.id));
  }
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

/** The `exports` job: queued runs and runs left silent by a stopped process, then the expired files. */
export async function runPendingExports(deps: ExportDeps): Promise<number> {
  const stale = new Date(deps.clock.now().getTime() - STALE_AFTER_MS);
  const pending = await deps.db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(
      or(
        eq(exportJobs.status, 'queued'),
        and(eq(exportJobs.status, 'running'), or(isNull(exportJobs.heartbeatAt), lt(exportJobs.heartbeatAt, stale))),
      ),
    )
    .orderBy(exportJobs.createdAt)
    .limit(5);
  for (const { id } of pending) await runExport(deps, id);
  return pending.length + (await expireExports(deps));
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

export const exportJobOf = async (deps: ExportDeps, kind: ExportKind, id: string, userId: string): Promise<ExportJob> =>
  presentExportJob(await ownExport(deps, kind, id, userId));

/** The caller's recent exports of that kind, newest first (the page offers the ones still downloadable). */
export async function recentExports(deps: ExportDeps, kind: ExportKind, userId: string): Promise<ExportJob[]> {
  const rows = await deps.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.kind, kind), eq(exportJobs.requestedBy, userId), inArray(exportJobs.status, ['queued', 'running', 'ready'])))
    .orderBy(desc(exportJobs.createdAt))
    .limit(10);
  return rows.map(presentExportJob);
}

/** The prepared file, while it lasts. */
export async function exportFileOf(
  deps: ExportDeps,
  kind: ExportKind,
  id: string,
  userId: string,
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const job = await ownExport(deps, kind, id, userId);
  const expired = job.status === 'expired' || (job.expiresAt !== null && job.expiresAt <= deps.clock.now());
  if (expired) throw gone(errorCodes.exportExpired, am.exportExpired);
  if (job.status !== 'ready' || !job.storageKey) throw conflict(errorCodes.exportNotReady, am.exportNotReady);
  const file = await deps.storage.get(job.storageKey);
  if (!file) throw gone(errorCodes.exportExpired, am.exportExpired);
  return { ...file, fileName: job.fileName };
}
