import { spawn } from 'node:child_process';

export interface LaunchedServer {
  url: string;
  stop(): Promise<void>;
}

/** What every e2e server runs with: the demo seed and the sandbox gateway, never production. */
const E2E_SERVER_ENV = {
  NODE_ENV: 'test',
  DEMO_SEED: 'true',
  AUTH_RATE_LIMIT_MAX: '1000',
  PAYMENT_RATE_LIMIT_MAX: '1000',
  ANALYTICS_RATE_LIMIT_MAX: '1000',
  LOG_LEVEL: 'warn',
};

/**
 * `npm start` (server/start.ts) on `port` with `env`, answered once its health check passes. `echo`
 * prefixes the server's own output and shows it; otherwise the last of it is kept for the error when
 * the server does not come up.
 */
export async function launchServer(port: number, env: Record<string, string>, echo?: string): Promise<LaunchedServer> {
  const url = `http://localhost:${port}`;
  const answers = () =>
    fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
  // Another server already there would pass the health check in place of this one.
  if (await answers()) throw new Error(`${url} is already served: stop that server first`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, ...E2E_SERVER_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    log = `${log}${text}`.slice(-8000);
    if (echo) process.stdout.write(text.replace(/^(?=.)/gm, `[${echo}] `));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const fallback = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(fallback);
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await answers()) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start:\n${log}`);
}
