import type { Config } from '../../config';
import type { Database, DatabaseHandle } from '../../db/types';
import type { Clock } from '../clock';
import { createBackupService, type BackupLog, type BackupService } from './backup-service';
import { createFolderTarget } from './folder-target';
import { createS3Target } from './s3-target';

/**
 * The backups of this server's database: PGlite's snapshots to BACKUP_DIR or the uploads' bucket; none
 * on PostgreSQL (its backups are the database's own, docs/deploy.md) or without raw access to it.
 */
export function backupServiceFor(
  config: Pick<Config, 'backups' | 'storage'>,
  database: Partial<Pick<DatabaseHandle, 'kind' | 'dumpDataDir' | 'appliedMigrations'>> | undefined,
  db: Database,
  clock: Clock,
  log: BackupLog,
): BackupService | null {
  const dump = database?.dumpDataDir;
  if (database?.kind !== 'pglite' || !dump) return null;
  const appliedMigrations = database.appliedMigrations;
  return createBackupService({
    db,
    dump,
    migrationCount: async () => (appliedMigrations ? (await appliedMigrations()).length : 0),
    target: config.storage.kind === 's3' ? createS3Target(config.storage) : createFolderTarget(config.backups.dir),
    keep: config.backups.keep,
    everyMs: config.backups.everyMs,
    clock,
    log,
  });
}
