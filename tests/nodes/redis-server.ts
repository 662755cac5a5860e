import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A free TCP port on loopback (free when asked; taken right after by the caller). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function redisServerBinary(): string {
  const candidates = ['/usr/bin/redis-server', ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'redis-server'))];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'redis-server is missing: the two-node test starts its own Redis. Install it (Debian: apt-get install redis-server; .ci/run does this in CI).',
    );
  }
  return found;
}

/** A throwaway Redis on a free loopback port, its files in a temp folder, nothing saved to disk. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const binary = redisServerBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'semear-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 10 s: ${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const fallback = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited.finally(() => clearTimeout(fallback));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
