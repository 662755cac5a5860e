import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderLockedError } from '../../server/db/data-folder-lock';
import { openPglite } from '../../server/db/open-database';
import { pgliteTemplateData } from '../api/helpers/test-database';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'semear-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('writes our pid, refuses a second owner and frees the folder on release', () => {
    const lockFile = join(scratch(), 'nested', 'db.lock');
    const release = acquireDataFolderLock(lockFile);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataFolderLock(lockFile)).toThrow(DataFolderLockedError);
    release();
    expect(existsSync(lockFile)).toBe(false);
    acquireDataFolderLock(lockFile)();
  });

  it('refuses when another live process holds the lock, naming it', () => {
    const lockFile = join(scratch(), 'db.lock');
    writeFileSync(lockFile, String(process.ppid));
    expect(() => acquireDataFolderLock(lockFile)).toThrow(new RegExp(`process ${process.ppid} holds`));
  });

  it('takes over a stale lock left by a dead process', () => {
    const lockFile = join(scratch(), 'db.lock');
    writeFileSync(lockFile, '999999999');
    const release = acquireDataFolderLock(lockFile);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('keeps a second PGlite off an open data folder, and lets it in after close', async () => {
    const dataDir = join(scratch(), 'data', 'db');
    const first = await openPglite(dataDir, pgliteTemplateData());
    await expect(openPglite(dataDir)).rejects.toThrow(/is in use/);
    await first.close();
    // A folder that holds a database opens it, whatever dump it is given.
    const second = await openPglite(dataDir, pgliteTemplateData());
    await second.migrate();
    await second.close();
  }, 60_000);
});
