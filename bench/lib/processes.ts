import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a TypeScript entry point with tsx in its own process, so it does not share a core with the load generator. */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForUrl(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Runs `work` while the entry point's process answers at `readyUrl`, then stops it. */
export async function withProcess<T>(entry: string, env: Record<string, string>, readyUrl: string, work: () => Promise<T>): Promise<T> {
  const child = startProcess(entry, env);
  try {
    await waitForUrl(readyUrl);
    return await work();
  } finally {
    await stopProcess(child);
  }
}

/** The product's variables for a bench run: the demo seed in `dataDir`, limits out of the way, on 127.0.0.1:`port`. */
export const productEnv = (port: number, dataDir: string, env: Record<string, string>): Record<string, string> => ({
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_SEED: 'true',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '100000',
  PAYMENT_RATE_LIMIT_MAX: '1000000',
  ...env,
});
