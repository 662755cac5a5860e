import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupRun } from '../../../contracts/admin-backups';
import type { Config } from '../../config';
import { openDatabase } from '../../db/open-database';
import { systemClock } from '../clock';
import type { BackupLog } from './backup-service';
import { backupServiceFor } from './backup-service-for';
import { backupSocketPath, requestBackup } from './backup-socket';

/** Where a run's file is, in words a person can copy: a path, or s3://bucket/key. */
export function whereIs(config: Pick<Config, 'backups' | 'storage'>, run: BackupRun): string | null {
  if (!run.location) return null;
  return config.storage.kind === 's3' ? `s3://${config.storage.bucket}/${run.location}` : join(config.backups.dir, run.location);
}

const noServer = (error: unknown) => ['ENOENT', 'ECONNREFUSED'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * `npm run backup`: the running server writes it (asked through its socket in DATA_DIR); when none
 * runs, this process opens DATA_DIR itself, taking its lock, as the server would.
 */
export async function backupNow(config: Config, log: BackupLog): Promise<{ by: 'server' | 'this process'; run: BackupRun }> {
  try {
    const answer = await requestBackup(backupSocketPath(config.dataDir));
    if ('error' in answer) throw new Error(`The server did not write the backup: ${answer.error}`);
    return { by: 'server', run: answer.run };
  } catch (error) {
    if (!noServer(error)) throw error;
  }
  if (!existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) throw new Error(`There is no database in ${config.dataDir} to back up.`);
  const database = await openDatabase(config);
  try {
    const backups = backupServiceFor(config, database, database.db, systemClock, log);
    if (!backups) throw new Error('This database keeps its own backups.');
    const { done } = await backups.begin('manual');
    return { by: 'this process', run: await done };
  } finally {
    await database.close();
  }
}
