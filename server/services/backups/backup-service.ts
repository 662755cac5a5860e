import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { BackupRun } from '../../../contracts/admin-backups';
import { errorCodes } from '../../../contracts/errors';
import type { Database } from '../../db/types';
import { conflict } from '../../domain/errors';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import type { Clock } from '../clock';
import { backupName, namesBeyond } from './backup-names';
import { backupRunsRepository as runs, type BackupRunRow } from './backup-runs-repository';
import type { BackupTarget } from './backup-target';
import { S3_BACKUP_PREFIX } from './s3-target';

export interface BackupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupDeps {
  db: Database;
  /** The database as an uncompressed tar, taken between transactions (DatabaseHandle.dumpDataDir). */
  dump: () => Promise<Blob>;
  /** How many migrations the database has applied: the file's name carries it. */
  migrationCount: () => Promise<number>;
  target: BackupTarget;
  keep: number;
  /** null: no scheduled backups (BACKUP_EVERY=off). */
  everyMs: number | null;
  clock: Clock;
  log: BackupLog;
}

export interface BackupService {
  readonly target: BackupTarget;
  /**
   * Starts a snapshot now: answers its row ('running') at once and `done`, the row once it ended
   * ('succeeded' or 'failed'; never rejects for a failed backup). One at a time: conflict otherwise.
   */
  begin(trigger: BackupRun['trigger'], actor?: AdminActor): Promise<{ run: BackupRun; done: Promise<BackupRun> }>;
  /** The schedule's check (every minute): a snapshot when the last success is BACKUP_EVERY old. */
  runIfDue(): Promise<boolean>;
  list(page: number, amount: number): Promise<{ items: BackupRun[]; total: number }>;
  /** Resolves once no snapshot is being written (the server waits for it before closing the database). */
  idle(): Promise<void>;
}

/**
 * A scheduled backup waits this long after the process starts: on the embedded database the dump holds every
 * query for its length, and a node that just (re)started is answering the requests its stop left waiting.
 */
export const SCHEDULED_BACKUP_SETTLE_MS = 10 * 60_000;
/** A failed scheduled attempt is tried again after this long (or BACKUP_EVERY, when shorter). */
const RETRY_AFTER_MS = 60 * 60 * 1000;
export const INTERRUPTED = 'interrupted: the process writing this backup stopped before it ended';

export const presentBackupRun = (row: BackupRunRow): BackupRun => ({
  id: row.id,
  trigger: row.trigger,
  status: row.status,
  target: row.target,
  location: row.location,
  size_bytes: row.sizeBytes,
  error: row.error,
  started_at: row.startedAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** The tar, gzip'd as it is written (in libuv's threads: the event loop keeps serving meanwhile). */
function gzipped(tar: Blob): AsyncIterable<Uint8Array> {
  const gzip = createGzip();
  pipeline(Readable.fromWeb(tar.stream() as Parameters<typeof Readable.fromWeb>[0]), gzip).catch(() => undefined);
  return gzip;
}

/**
 * Snapshots of the embedded database (docs/deploy.md, "Backups"). PGlite has one owning process (the
 * data-folder lock), so "one at a time" is this process's: a row still 'running' when a backup starts
 * was left by a process that stopped, and is marked failed.
 */
export function createBackupService(deps: BackupDeps): BackupService {
  const { db, target, clock, log } = deps;
  const startedAt = clock.now().getTime();
  let inFlight = false;
  let current: Promise<unknown> = Promise.resolve();

  const write = async (row: BackupRunRow): Promise<BackupRun> => {
    try {
      const name = backupName(row.startedAt, await deps.migrationCount());
      const cleaned = await target.cleanPartials();
      if (cleaned > 0) log.info({ cleaned }, 'backup: removed what a stopped backup left half-written');
      const size = await target.write(name, gzipped(await deps.dump()));
      const location = target.kind === 's3' ? `${S3_BACKUP_PREFIX}${name}` : name;
      const done = await runs.finish(db, row.id, { status: 'succeeded', location, sizeBytes: size, error: null, finishedAt: clock.now() });
      log.info({ location: target.locationOf(name), sizeBytes: size }, `backup written: ${target.locationOf(name)}`);
      try {
        for (const old of namesBeyond(await target.list(), deps.keep)) await target.remove(old);
      } catch (error) {
        log.error({ err: error }, 'backup: deleting the oldest backups failed');
      }
      return presentBackupRun(done);
    } catch (error) {
      log.error({ err: error }, 'backup failed');
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      return presentBackupRun(
        await runs.finish(db, row.id, { status: 'failed', location: null, sizeBytes: null, error: message, finishedAt: clock.now() }),
      );
    }
  };

  const service: BackupService = {
    target,
    async begin(trigger, actor) {
      if (inFlight) throw conflict(errorCodes.backupRunning, am.backupRunning);
      inFlight = true;
      let row: BackupRunRow;
      try {
        const now = clock.now();
        await runs.failRunning(db, INTERRUPTED, now);
        row = await db.transaction(async (tx) => {
          const inserted = await runs.insertRunning(tx, { trigger, target: target.kind, startedAt: now });
          if (actor) {
            const subject = { type: 'backup' as const, id: inserted.id };
            await recordAudit(tx, actor, { action: 'backup.requested', subject, after: { target: target.kind } }, now);
          }
          return inserted;
        });
      } catch (error) {
        inFlight = false;
        throw error;
      }
      const done = write(row).finally(() => {
        inFlight = false;
      });
      current = done.catch(() => undefined);
      return { run: presentBackupRun(row), done };
    },
    async runIfDue() {
      if (deps.everyMs === null || inFlight) return false;
      const now = clock.now().getTime();
      if (now - startedAt < SCHEDULED_BACKUP_SETTLE_MS) return false;
      const last = await runs.lastStarts(db);
      if (last.succeeded && now - last.succeeded.getTime() < deps.everyMs) return false;
      if (last.scheduled && now - last.scheduled.getTime() < Math.min(deps.everyMs, RETRY_AFTER_MS)) return false;
      const { done } = await service.begin('schedule');
      await done;
      return true;
    },
    async list(page, amount) {
      const { rows, total } = await runs.page(db, page, amount);
      return { items: rows.map(presentBackupRun), total };
    },
    idle: async () => void (await current),
  };
  return service;
}
