import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { withGeneratedSecrets } from '../../../server/config-secrets';
import { openDatabase } from '../../../server/db/open-database';
import { rememberDatabaseOf, TEST_ENV } from './test-app';
import { scratchPostgres, templateData } from './test-database';

/** Runs one statement on TEST_DATABASE_URL itself (creating and dropping scratch databases). */
export async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * A crash test's whole budget: two server starts on the embedded database (each some 20 s in WebAssembly on
 * an idle machine, twice that beside the other test files in CI), the burst and every answer. What a donor
 * waits for is asserted in the tests themselves (each answer within 30 s of the restart).
 */
export const CRASH_TEST_TIMEOUT_MS = 240_000;

/**
 * The server as `npm start` runs it (server/start.ts, by `crash-child.ts`), in a child process; `listening`
 * resolves with its address. It runs bundled into one file (tests/support/server-bundle.ts): the same code,
 * started without tsx's loader.
 */
export function spawnServer(env: Record<string, string>): {
  process: ChildProcess;
  listening: Promise<{ url: string; process: ChildProcess }>;
} {
  const proc = spawn(process.execPath, ['--enable-source-maps', inject('serverBundle')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = new Promise<{ url: string; process: ChildProcess }>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /LISTENING (\S+)/.exec(out);
      if (match) resolve({ url: match[1] as string, process: proc });
    });
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
  return { process: proc, listening };
}

/** Stops the server; one that has not exited 5 s after a SIGTERM gets a SIGKILL. */
export function stopServer(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill(signal);
  const fallback = setTimeout(() => proc.kill('SIGKILL'), 5_000);
  return exited.finally(() => clearTimeout(fallback));
}

/**
 * The server as `npm start` runs it, in a child process a crash test can kill -9, on data that outlives
 * it: PGlite in a DATA_DIR, or a scratch database on TEST_DATABASE_URL when the suite runs on PostgreSQL.
 */
export function crashServer(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `semear-${prefix}-`));
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  let child: ChildProcess | null = null;
  return {
    async environment(): Promise<Record<string, string>> {
      const env: Record<string, string> = {
        ...TEST_ENV,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
        // These tests are about requests cut short; a scheduled snapshot would hold the embedded database meanwhile.
        BACKUP_EVERY: 'off',
      };
      if (process.env.TEST_DB !== 'postgres') return env;
      scratch = await scratchPostgres(`semear_${prefix}`);
      return { ...env, DATABASE_URL: scratch.url };
    },
    /** The config for `env`, and an in-process app on the same data to set the scene before the child starts. */
    async setup(env: Record<string, string>) {
      const config = loadConfig(withGeneratedSecrets(env));
      const database = await openDatabase(config, templateData());
      const app = await buildApp({ config, db: database.db, database });
      rememberDatabaseOf(app, database.db);
      return {
        config,
        database,
        app,
        async close() {
          await app.close();
          await database.close();
        },
      };
    },
    start(env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
      const started = spawnServer(env);
      child = started.process;
      return started.listening;
    },
    async cleanup(): Promise<void> {
      child?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

type CrashServer = ReturnType<typeof crashServer>;
type Send<R> = (url: string, request: R, signal?: AbortSignal) => Promise<Response>;

/**
 * The kill -9 burst: every request goes to a first server, which is killed (SIGKILL) once `answeredFirst`
 * of them came back, the rest still in flight; a second server starts on the same data and each request is
 * sent again (with its Idempotency-Key, as `send` makes it), each given 35 s. Answers what the second said.
 */
export async function burstKillAndResend<R extends { key: string }, B>(
  server: CrashServer,
  env: Record<string, string>,
  requests: readonly R[],
  send: Send<R>,
  answeredFirst = 4,
): Promise<{
  second: { url: string; process: ChildProcess };
  inFlight: number;
  answers: Array<{ r: R; status: number; body: B; ms: number }>;
}> {
  const first = await server.start(env);
  const answered = new Set<string>();
  let killed = false;
  const burst = requests.map((r) =>
    send(first.url, r).then(
      () => {
        if (!killed) answered.add(r.key);
      },
      () => undefined,
    ),
  );
  while (answered.size < answeredFirst) await new Promise((resolve) => setTimeout(resolve, 2));
  await new Promise((resolve) => setTimeout(resolve, 15));
  const exited = stopServer(first.process, 'SIGKILL');
  killed = true;
  const inFlight = requests.length - answered.size;
  await Promise.all(burst);
  await exited;

  const second = await server.start(env);
  const answers = await Promise.all(
    requests.map(async (r) => {
      const started = Date.now();
      const response = await send(second.url, r, AbortSignal.timeout(35_000)).catch(() => null);
      const body = (response ? await response.json().catch(() => ({})) : {}) as B;
      return { r, status: response?.status ?? 0, body, ms: Date.now() - started };
    }),
  );
  return { second, inFlight, answers };
}
