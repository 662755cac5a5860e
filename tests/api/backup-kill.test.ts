import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/open-database';
import { isBackupName, isPartialName } from '../../server/services/backups/backup-names';
import { backupSocketPath, requestBackup } from '../../server/services/backups/backup-socket';
import { crashServer, stopServer } from './helpers/crash-server';

/**
 * Backups of the embedded database against the server as `npm start` runs it (issue 51, item 4):
 * `npm run backup` asks the running server, a kill -9 while a backup is half-written leaves the
 * earlier ones byte for byte and nothing named as a backup, `npm run backup` with no server opens the
 * data itself (and cleans the partial), and `npm run restore` fills only an empty DATA_DIR.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const server = crashServer('backup-kill');
const backupDir = mkdtempSync(join(tmpdir(), 'semear-backup-kill-'));
afterAll(async () => {
  await server.cleanup();
  rmSync(backupDir, { recursive: true, force: true });
});

/** Runs `npm run <script>` as a person would (tsx, the project's package.json script). */
function npmRun(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', `${script}.ts`), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const backups = () => readdirSync(backupDir).filter(isBackupName).sort();
const partials = () => readdirSync(backupDir).filter(isPartialName);

describe.runIf(process.env.TEST_DB !== 'postgres')('backups of a running server', () => {
  it('survive a kill -9 mid-backup, and npm run backup / restore work with and without the server', async () => {
    const env: Record<string, string> = { ...(await server.environment()), BACKUP_DIR: backupDir, BACKUP_EVERY: 'off' };
    const scene = await server.setup(env); // the migrated database, from the suite's template
    await scene.close();
    const { process: child } = await server.start(env);

    const first = await npmRun('backup', env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/Backup written by server: .*semear-.*\.tar\.gz/);
    const [earlier] = backups();
    const earlierBytes = readFileSync(join(backupDir, earlier as string));

    // The next one is killed while its file is being written (the gzip of some 40 MB takes a while).
    let answered = false;
    const asked = requestBackup(backupSocketPath(env.DATA_DIR as string)).then(
      (answer) => ((answered = true), answer),
      () => null,
    );
    while (partials().length === 0 && !answered) await new Promise((resolve) => setImmediate(resolve));
    expect(answered, 'the backup ended before its partial file was seen').toBe(false);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await asked).toBeNull();
    expect(backups()).toEqual([earlier]);
    expect(readFileSync(join(backupDir, earlier as string)).equals(earlierBytes)).toBe(true);
    expect(partials()).toHaveLength(1);

    // No server: npm run backup opens DATA_DIR itself (the dead server's lock is taken over) and cleans the partial.
    const alone = await npmRun('backup', env);
    expect(alone.code, alone.out).toBe(0);
    expect(alone.out).toMatch(/Backup written by this process/);
    expect(partials()).toEqual([]);
    expect(backups()).toHaveLength(2);
    expect(readFileSync(join(backupDir, earlier as string)).equals(earlierBytes)).toBe(true);
    const newest = backups().at(-1) as string;

    // npm run restore refuses the server's own (non-empty) DATA_DIR, then fills an empty one.
    const refused = await npmRun('restore', { DATA_DIR: env.DATA_DIR as string }, [join(backupDir, newest)]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/is not empty/);
    const target = join(mkdtempSync(join(tmpdir(), 'semear-restore-')), 'data');
    writeFileSync(`${target}.keep`, ''); // a neighbour the restore must not touch
    const restored = await npmRun('restore', { DATA_DIR: target }, [join(backupDir, newest)]);
    expect(restored.code, restored.out).toBe(0);
    expect(existsSync(join(target, 'db', 'PG_VERSION'))).toBe(true);
    const database = await openPglite(join(target, 'db'));
    try {
      const { rows } = await database.executeSql(`select status, count(*)::int as n from backup_runs group by status order by status`);
      // The killed one failed, the two written succeeded (the restored file's own row among them).
      expect(rows).toEqual([
        { status: 'failed', n: 1 },
        { status: 'succeeded', n: 2 },
      ]);
    } finally {
      await database.close();
      rmSync(join(target, '..'), { recursive: true, force: true });
    }
    await stopServer(child, 'SIGKILL');
  }, 600_000);
});
