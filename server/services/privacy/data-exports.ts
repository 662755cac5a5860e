import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { DATA_EXPORT_KEPT_DAYS, type DataExport, type DataExportStatus } from '../../../contracts/data-export';
import { LOCALES, type Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { dataRequests, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { conflict, gone, notFound } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import type { Clock } from '../clock';
import { zipStream } from '../exports/zip-stream';
import { enqueueMail } from '../mail/mail-outbox';
import { readOrganisationProfile } from '../organisation/organisation-profile';
import type { FileStorage, StoredFileStream } from '../storage/file-storage';
import { collectExportFiles } from './data-export-contents';
import { dataExportMail } from './data-export-mail';
import { dataExportMessages as dm } from './data-export-messages';
import { readmeOf } from './data-export-readme';

/**
 * A copy of one's data (docs/privacy.md, "A copy of my data"): a `data_requests` row of kind 'export'.
 * Asked → 'pending'; a run claims it ('processing', its claim and attempt in `outcome`), writes the ZIP to
 * storage and, in one transaction, marks it 'ready' for DATA_EXPORT_KEPT_DAYS and queues the e-mail that
 * says so. The process that took the request runs it after answering; the `data-exports` job runs any a
 * stopped process left (pending, or processing and silent for STALE_AFTER_MS) and deletes files past
 * their days ('expired'). Every write of a run is fenced by its claim: a run taken over writes nothing.
 */

export interface DataExportDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  translator: Translator;
  publicUrl: string;
  log?: { error(obj: object, msg: string): void };
}

type Row = typeof dataRequests.$inferSelect;

/** A run this long without finishing is taken for a stopped process's: one account's data takes seconds. */
export const STALE_AFTER_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
const DAY_MS = 86_400_000;

const ownExport = (userId: string) => and(eq(dataRequests.kind, 'export'), eq(dataRequests.userId, userId));

export const downloadPathOf = (id: string): string => `/api/v1/users/profile/data-export/${id}/download`;

function statusOf(row: Row): DataExportStatus {
  if (row.status === 'pending' || row.status === 'processing' || row.status === 'ready' || row.status === 'failed') return row.status;
  return 'expired';
}

export function presentDataExport(row: Row, now: Date): DataExport {
  // Past its days the file is as good as gone, even before the job has deleted it.
  const lapsed = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
  const status = lapsed ? 'expired' : statusOf(row);
  return {
    id: row.id,
    status,
    requested_at: row.requestedAt.toISOString(),
    expires_at: status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    download_url: status === 'ready' ? downloadPathOf(row.id) : null,
  };
}

/**
 * Writes the request, or answers the one already waiting: one pending copy per account at a time. The
 * account's row is locked first, so two requests at once (two tabs, a double click) make one.
 */
export async function requestDataExport(deps: DataExportDeps, userId: string): Promise<{ id: string; created: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [waiting] = await tx
      .select({ id: dataRequests.id })
      .from(dataRequests)
      .where(and(ownExport(userId), inArray(dataRequests.status, ['pending', 'processing'])))
      .limit(1);
    if (waiting) return { id: waiting.id, created: false };
    const [row] = await tx
      .insert(dataRequests)
      .values({ kind: 'export', userId, status: 'pending', requestedAt: now })
      .returning({ id: dataRequests.id });
    if (!row) throw new Error('data export: not written');
    return { id: row.id, created: true };
  });
}

async function ownRow(deps: DataExportDeps, userId: string, id: string): Promise<Row> {
  const [row] = await deps.db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.id, id), ownExport(userId)));
  // Someone else's request is not found: it is their data.
  if (!row) throw notFound(errorCodes.dataExportNotFound, dm.notFound);
  return row;
}

export async function dataExportOf(deps: DataExportDeps, userId: string, id: string): Promise<DataExport> {
  return presentDataExport(await ownRow(deps, userId, id), deps.clock.now());
}

/** The account's latest request (the profile's "Meus dados" shows it), or null. */
export async function latestDataExport(deps: DataExportDeps, userId: string): Promise<DataExport | null> {
  const [row] = await deps.db
    .select()
    .from(dataRequests)
    .where(ownExport(userId))
    .orderBy(desc(dataRequests.requestedAt), desc(dataRequests.id))
    .limit(1);
  return row ? presentDataExport(row, deps.clock.now()) : null;
}

/** The ZIP as a stream from storage, while it lasts. */
export async function dataExportFileOf(deps: DataExportDeps, userId: string, id: string): Promise<StoredFileStream & { fileName: string }> {
  const row = await ownRow(deps, userId, id);
  const shown = presentDataExport(row, deps.clock.now());
  if (shown.status === 'expired') throw gone(errorCodes.dataExportExpired, dm.expired);
  if (shown.status !== 'ready' || !row.fileKey) throw conflict(errorCodes.dataExportNotReady, dm.notReady);
  const file = await deps.storage.open(row.fileKey);
  if (!file) throw gone(errorCodes.dataExportExpired, dm.expired);
  const day = row.requestedAt.toISOString().slice(0, 10);
  return { ...file, fileName: `semear-meus-dados-${day}.zip` };
}

/** Takes the request if it waits, or if its run went silent; null when another run has it or it is done. */
async function claim(deps: DataExportDeps, id: string): Promise<{ row: Row; claim: string; attempts: number } | null> {
  const now = deps.clock.now();
  const token = randomUUID();
  const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const [row] = await deps.db
    .update(dataRequests)
    .set({
      status: 'processing',
      outcome: sql`jsonb_build_object('claim', ${token}::text, 'claimed_at', ${now.toISOString()}::text, 'attempts', coalesce((${dataRequests.outcome}->>'attempts')::int, 0) + 1)`,
    })
    .where(
      and(
        eq(dataRequests.id, id),
        eq(dataRequests.kind, 'export'),
        or(
          eq(dataRequests.status, 'pending'),
          and(eq(dataRequests.status, 'processing'), sql`(${dataRequests.outcome}->>'claimed_at')::timestamptz < ${stale}::timestamptz`),
        ),
      ),
    )
    .returning();
  if (!row) return null;
  const attempts = Number((row.outcome as { attempts?: number } | null)?.attempts ?? 1);
  return { row, claim: token, attempts };
}

const localeOf = (value: string | null): Locale => ((LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'pt');

/** Writes the ZIP of one claimed request, then marks it ready and queues its e-mail, or gives it back. */
async function runClaimed(deps: DataExportDeps, taken: { row: Row; claim: string; attempts: number }): Promise<void> {
  const { row, claim: token, attempts } = taken;
  const userId = row.userId as string;
  const held = and(
    eq(dataRequests.id, row.id),
    eq(dataRequests.status, 'processing'),
    sql`${dataRequests.outcome}->>'claim' = ${token}::text`,
  );
  // The claim is in the key: a run taken over never writes over the file of the run that took it.
  const key = `data-exports/${row.id}-${attempts}.zip`;
  try {
    const now = deps.clock.now();
    const [account] = await deps.db
      .select({ name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw new Error('data export: the account is gone');
    const locale = localeOf(account.locale);
    const files = await collectExportFiles(deps.db, userId);
    const organisation = await readOrganisationProfile(deps.db);
    const readme = readmeOf(deps.translator, locale, { email: account.email, at: now, files, dpoContact: organisation.dpoContact });
    const entries = [
      { name: 'README.txt', content: [Buffer.from(readme, 'utf8')] },
      ...files.map((file) => ({ name: file.name, content: [Buffer.from(`${JSON.stringify(file.data, null, 2)}\n`, 'utf8')] })),
    ];
    const sizeBytes = await deps.storage.putParts(key, zipStream(entries, now), 'application/zip');
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_KEPT_DAYS * DAY_MS);
    const ready = await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(dataRequests)
        .set({
          status: 'ready',
          fileKey: key,
          completedAt: now,
          expiresAt,
          outcome: { attempts, files: entries.length, size_bytes: sizeBytes },
        })
        .where(held)
        .returning({ id: dataRequests.id });
      if (!done) return false;
      const link = `${deps.publicUrl}/profile#meus-dados`;
      await enqueueMail(tx, dataExportMail(deps.translator, locale, account, { link, until: expiresAt }), now);
      return true;
    });
    if (!ready) await deps.storage.delete(key);
  } catch (error) {
    deps.log?.error({ err: error, dataRequestId: row.id }, 'data export failed');
    await deps.storage.delete(key).catch(() => undefined);
    const givenUp = attempts >= MAX_ATTEMPTS;
    await deps.db
      .update(dataRequests)
      .set(
        givenUp
          ? { status: 'failed', completedAt: deps.clock.now(), outcome: { attempts, error: String(error).slice(0, 300) } }
          : { status: 'pending', outcome: { attempts } },
      )
      .where(held);
  }
}

/** Runs one request if this call can claim it (the route calls it after answering). */
export async function runDataExport(deps: DataExportDeps, id: string): Promise<boolean> {
  const taken = await claim(deps, id);
  if (!taken) return false;
  await runClaimed(deps, taken);
  return true;
}

/**
 * Files past their days are deleted, and so are the copies of a deleted account (users.deleted_at, set by the
 * account's deletion, docs/privacy.md "Deleting an account"): its data must not outlive it in storage. Their
 * requests say 'expired'. A copy still being written for a deleted account is discarded on the next pass.
 */
export async function expireDataExports(deps: Pick<DataExportDeps, 'db' | 'storage' | 'clock'>): Promise<number> {
  const due = await deps.db
    .select({ id: dataRequests.id, fileKey: dataRequests.fileKey, status: dataRequests.status })
    .from(dataRequests)
    .innerJoin(users, eq(users.id, dataRequests.userId))
    .where(
      and(
        eq(dataRequests.kind, 'export'),
        or(
          and(eq(dataRequests.status, 'ready'), lte(dataRequests.expiresAt, deps.clock.now())),
          and(inArray(dataRequests.status, ['pending', 'ready']), isNotNull(users.deletedAt)),
        ),
      ),
    );
  for (const row of due) {
    if (row.fileKey) await deps.storage.delete(row.fileKey);
    await deps.db
      .update(dataRequests)
      .set({ status: 'expired', fileKey: null })
      .where(and(eq(dataRequests.id, row.id), eq(dataRequests.status, row.status)));
  }
  return due.length;
}

/** The `data-exports` job: expired and deleted accounts' files go first; then requests left waiting or silent are run, one at a time. */
export async function runPendingDataExports(deps: DataExportDeps): Promise<number> {
  const expired = await expireDataExports(deps);
  const stale = new Date(deps.clock.now().getTime() - STALE_AFTER_MS).toISOString();
  const waiting = await deps.db
    .select({ id: dataRequests.id })
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.kind, 'export'),
        or(
          eq(dataRequests.status, 'pending'),
          and(eq(dataRequests.status, 'processing'), sql`(${dataRequests.outcome}->>'claimed_at')::timestamptz < ${stale}::timestamptz`),
        ),
      ),
    )
    .orderBy(dataRequests.requestedAt)
    .limit(20);
  let ran = 0;
  for (const { id } of waiting) if (await runDataExport(deps, id)) ran += 1;
  return expired + ran;
}
