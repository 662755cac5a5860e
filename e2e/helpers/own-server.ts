import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../../playwright.config';

export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second Semear server with its own data folder and demo data, for the specs that need another
 * configuration than the shared e2e server's (a real provider's stand-in instead of the sandbox). It
 * serves the same production build (dist/), on E2E_PORT + `offset`.
 */
export async function startOwnServer(env: Record<string, string>, offset: number): Promise<OwnServer> {
  const port = E2E_PORT + offset;
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-e2e-own-'));
  const child: ChildProcess = spawn('npx', ['tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      AUTH_RATE_LIMIT_MAX: '1000',
      PAYMENT_RATE_LIMIT_MAX: '1000',
      ANALYTICS_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start`);
}
