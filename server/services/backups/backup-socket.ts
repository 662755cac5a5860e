import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { BackupRun } from '../../../contracts/admin-backups';
import { DomainError } from '../../domain/errors';
import type { BackupLog, BackupService } from './backup-service';

/**
 * `npm run backup` asks the running server through a Unix socket in DATA_DIR, created owner-only
 * (0600): only whoever may read the data folder itself (the server's user, root) can ask, and nothing
 * listens on the network. One request per connection: the line `backup`; the answer is one JSON line,
 * the run once it ended, or `{ "error": ... }`.
 */
export const backupSocketPath = (dataDir: string): string => join(dataDir, 'backup.sock');

/** Unix socket paths are limited to about 107 bytes (sun_path). */
const SOCKET_PATH_MAX = 100;

export type BackupAnswer = { run: BackupRun } | { error: string };

export async function listenForBackupRequests(path: string, backups: BackupService, log: BackupLog): Promise<{ close(): Promise<void> }> {
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX) {
    log.error({ path }, 'backup socket not opened: DATA_DIR is too long a path for a Unix socket; npm run backup cannot reach this server');
    return { close: async () => undefined };
  }
  // A socket file left by a server that stopped: this process holds the data-folder lock, so it is stale.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      line += chunk;
      if (!line.includes('\n')) {
        if (line.length > 64) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      const reply = (answer: BackupAnswer) => socket.end(`${JSON.stringify(answer)}\n`);
      if (line.trim() !== 'backup') return reply({ error: 'unknown request' });
      backups.begin('manual').then(
        async ({ done }) => reply({ run: await done }),
        (error: unknown) => reply({ error: error instanceof DomainError ? 'a backup is already being written' : String(error) }),
      );
    });
  });
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => resolve());
  });
  // Owner-only from the moment it exists: a socket file's mode comes from the umask. Node binds a path
  // synchronously within listen(), so the umask is narrowed for no other file the process makes.
  const umask = process.umask(0o177);
  try {
    server.listen(path);
  } finally {
    process.umask(umask);
  }
  await listening;
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** Asks the server listening on `path` for a backup now, and answers once it ended. */
export function requestBackup(path: string): Promise<BackupAnswer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as BackupAnswer);
      } catch {
        reject(new Error(`the server answered ${JSON.stringify(answer)}`));
      }
    });
  });
}
