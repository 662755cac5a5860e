import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '../../db/open-database';
import { INTERRUPTED } from './backup-service';
import { isBackupName } from './backup-names';

/** A restore refused before anything was written: the message says why and what to do. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** `semear-2026-11-30T03-50-38-123Z-m45.tar.gz` → the moment its backup started. */
const startOf = (name: string): Date | null => {
  const match = /^semear-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
};

/** Every migration the backup recorded must be one of ours (same moment, same SQL): else a newer or foreign Semear made it. */
async function checkMigrations(client: PGlite): Promise<number> {
  const ours = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const known = new Set(ours.map((m) => `${m.folderMillis}:${m.hash}`));
  const table = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!table.rows[0]?.t) throw new RestoreRefusedError('This file holds a database, but not one of Semear (no migrations recorded).');
  const applied = await client.query<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations',
  );
  const foreign = applied.rows.filter((row) => !known.has(`${Number(row.created_at)}:${row.hash}`));
  if (foreign.length > 0)
    throw new RestoreRefusedError(
      `This backup has ${foreign.length} migration(s) this version of Semear does not know: it was made by a newer (or another) version. Restore it with that version.`,
    );
  return applied.rows.length;
}

/**
 * The backup's own row was 'running' when its snapshot was taken: it is the file restored, so it
 * succeeded. Any other 'running' row was stopped by the snapshot's process ending.
 */
async function settleBackupRows(client: PGlite, file: string, sizeBytes: number): Promise<void> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('public.backup_runs')::text as t`);
  if (!exists.rows[0]?.t) return;
  const name = basename(file);
  const startedAt = isBackupName(name) ? startOf(name) : null;
  const finishedAt = statSync(file).mtime;
  if (startedAt) {
    await client.query(
      `update backup_runs set status = 'succeeded', location = coalesce(location, $1), size_bytes = $2, finished_at = $3, error = null
       where status = 'running' and started_at = $4`,
      [name, sizeBytes, finishedAt, startedAt],
    );
  }
  await client.query(`update backup_runs set status = 'failed', error = $1, finished_at = $2 where status = 'running'`, [
    INTERRUPTED,
    finishedAt,
  ]);
}

/**
 * Fills an empty (or missing) DATA_DIR from a backup (docs/deploy.md, "Backups"). The database is
 * unpacked and opened in a folder beside DATA_DIR, its migrations checked, and only then renamed into
 * place: a refused or broken file leaves DATA_DIR as it was.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ migrations: number }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefusedError(`No file ${file}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new RestoreRefusedError(
      `DATA_DIR (${dataDir}) is not empty: a restore only fills an empty folder, so nothing is overwritten. Stop the server, move that folder away (or set DATA_DIR to a new one), and run the restore again.`,
    );
  const bytes = readFileSync(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1])
    throw new RestoreRefusedError(`${file} is not a Semear backup (a .tar.gz written by npm run backup or the server).`);
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new RestoreRefusedError(`${file} is damaged: it does not unpack (was it copied whole?).`);
  }
  const beside = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${process.pid}`);
  rmSync(beside, { recursive: true, force: true });
  mkdirSync(beside, { recursive: true, mode: 0o700 });
  try {
    let client: PGlite;
    try {
      client = await PGlite.create(join(beside, 'db'), { loadDataDir: new Blob([new Uint8Array(tar)]) });
    } catch {
      throw new RestoreRefusedError(`${file} does not open as a database: it is not a Semear backup, or it is damaged.`);
    }
    let migrations: number;
    try {
      migrations = await checkMigrations(client);
      await settleBackupRows(client, file, bytes.length);
    } finally {
      await client.close();
    }
    if (existsSync(dataDir)) rmdirSync(dataDir); // empty, checked above
    renameSync(beside, dataDir);
    return { migrations };
  } catch (error) {
    rmSync(beside, { recursive: true, force: true });
    throw error;
  }
}
