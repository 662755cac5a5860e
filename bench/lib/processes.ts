import { spawn, type ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
// A bench that dies half-way must not leave a server on its port: the next run would measure that one.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a TypeScript entry point with tsx in its own process, so it does not share a core with the load generator. */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

const answers = (url: string): Promise<boolean> =>
  fetch(url).then(
    (res) => res.ok,
    () => false, // not listening (yet)
  );

export async function waitForUrl(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
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
  // Another process answering at readyUrl (one left over holding the port) must not pass for this one.
  if (await answers(readyUrl)) throw new Error(`${readyUrl} answers before ${entry} started: another process holds its port`);
  const child = startProcess(entry, env);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before it answered at ${readyUrl}`))),
  );
  exited.catch(() => {}); // stopped on purpose after the work: nobody is waiting then
  try {
    await Promise.race([waitForUrl(readyUrl), exited]);
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
  // Fifty new cards at once on one campaign look like card testing by count alone (its own tests cover that):
  // the bench measures honest donors, and a guard opened by its donation burst slowed every card after it.
  CARD_TESTING_DECLINES_PER_MINUTE: '10000',
  ...env,
});
