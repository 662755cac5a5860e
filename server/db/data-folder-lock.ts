import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still owns the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's data folder must have one owning process: two would corrupt it. The lock file is
 * created with O_EXCL and holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDataFolderLock(lockFile: string): () => void {
  mkdirSync(dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => releaseLock(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readLock(lockFile), 10);
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        const who = owner === process.pid ? 'this process already' : `process ${owner}`;
        throw new DataFolderLockedError(
          `The database in ${dirname(lockFile)} is in use: ${who} holds ${lockFile}. Stop it, or start this one with another DATA_DIR or with DATABASE_URL.`,
        );
      }
      unlinkSync(lockFile); // stale: its owner is gone
    }
  }
  throw new DataFolderLockedError(`Could not take the lock ${lockFile}.`);
}

function readLock(lockFile: string): string {
  try {
    return readFileSync(lockFile, 'utf8').trim();
  } catch {
    return '';
  }
}

function releaseLock(lockFile: string): void {
  if (readLock(lockFile) === String(process.pid)) unlinkSync(lockFile);
}
