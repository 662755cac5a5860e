import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isBackupName, isPartialName, PARTIAL_SUFFIX } from './backup-names';
import type { BackupTarget } from './backup-target';

/** Makes a rename durable: the folder's entry is on disk, not only the file's bytes. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Snapshots in a folder (BACKUP_DIR), readable by the server's user only. Each is written to
 * `<name>.partial`, flushed to disk (fsync), then renamed: a kill -9 or a power cut half-way leaves only
 * a `.partial`, never a file named as a backup, and the earlier ones are not touched.
 */
export function createFolderTarget(dir: string): BackupTarget {
  const pathOf = (name: string) => {
    if (!isBackupName(name)) throw new Error(`not a backup name: ${JSON.stringify(name)}`);
    return join(dir, name);
  };
  return {
    kind: 'folder',
    async write(name, parts) {
      const path = pathOf(name);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const partial = `${path}${PARTIAL_SUFFIX}`;
      const file = await open(partial, 'wx', 0o600);
      let written = 0;
      try {
        for await (const part of parts) {
          await file.write(part);
          written += part.byteLength;
        }
        await file.sync();
      } catch (error) {
        await file.close().catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      await file.close();
      await rename(partial, path);
      await syncFolder(dir);
      return written;
    },
    async list() {
      try {
        return (await readdir(dir)).filter(isBackupName).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
    async cleanPartials() {
      let names: string[];
      try {
        names = (await readdir(dir)).filter(isPartialName);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      for (const name of names) await rm(join(dir, name), { force: true });
      return names.length;
    },
    locationOf: (name) => pathOf(name),
  };
}
