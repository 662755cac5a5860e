import { join } from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { withGeneratedSecrets } from './config-secrets';
import { DataFolderLockedError } from './db/data-folder-lock';
import { openDatabase } from './db/open-database';
import { ensureReferenceData } from './db/reference-data';
import { demoPaymentsOf } from './seed/demo-payments';
import { seedDemoData } from './seed/demo-seed';
import { mailboxFolder } from './services/mail/mail-transport';
import { startTracing } from './tracing/tracing';
import { backupSocketPath, listenForBackupRequests } from './services/backups/backup-socket';
import { buildWebApp, webBuildIsStale } from './web-build';
import { PAYMENT_PROVIDERS, PROVIDER_KEYS } from './services/payments/providers';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  app: FastifyInstance;
  /** The address it listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the database (PGlite or PostgreSQL), migrates, seeds on first start, starts the mail job and
 * listens. Used by `npm start`, the benchmarks and Playwright (PORT=0 picks a free port).
 */
export async function startServer(config: Config, options: { logStream?: NodeJS.WritableStream } = {}): Promise<RunningServer> {
  // Before the database opens: its clients are wrapped for spans only when tracing is on (tracing.ts).
  const tracing = await startTracing(config.tracing);
  const database = await openDatabase(config).catch(async (error: unknown) => {
    await tracing?.shutdown();
    throw error;
  });
  let app: FastifyInstance | null = null;
  let backupSocket: { close(): Promise<void> } | null = null;
  // The database closes after the whole app has: its jobs, mail loop and requests stop first. (An onClose
  // hook would not do: the plugins add theirs when the app loads, after any hook added here.)
  const close = async () => {
    try {
      await backupSocket?.close();
      if (app) await app.close();
    } finally {
      // The spans still buffered are sent last, those of the shutdown included.
      await database.close().finally(() => tracing?.shutdown());
    }
  };
  try {
    await database.migrate();
    // Several nodes may start on one database at once: they write the reference data and the seed in turn.
    await database.exclusively(() => ensureReferenceData(database.db));
    const uploadsDir = join(config.dataDir, 'uploads');
    app = await buildApp({ config, db: database.db, database, startMailJob: true, startJobs: true, logStream: options.logStream });
    // After the app is built: the demo's donations are paid at its gateway, whose webhooks reach its routes.
    const gateways = app.paymentGateways;
    const seeded = config.demoSeed
      ? await database.exclusively(() =>
          seedDemoData(database.db, { uploadsDir, now: new Date(), payments: demoPaymentsOf(gateways, () => new Date()) }),
        )
      : false;
    // The embedded database's statistics before the first request is planned: a restart after a busy
    // while, or a first start on a restored backup, finds tables grown since they were last analyzed.
    await database.keepStatistics?.();
    const url = await app.listen({ port: config.port, host: config.host });
    // `npm run backup` asks this server for a snapshot of the embedded database (backup-socket.ts).
    if (app.backups) backupSocket = await listenForBackupRequests(backupSocketPath(config.dataDir), app.backups, app.log);
    // What a provider does once the database is ready (the API Pix registers its webhooks at the bank).
    for (const key of PROVIDER_KEYS) {
      await PAYMENT_PROVIDERS[key].onStart?.(
        app.paymentGateways,
        { db: database.db, publicUrl: config.publicUrl, pixKey: config.payments.pix.key },
        app.log,
      );
    }
    if (seeded) app.log.info('demo data seeded: admin@semear.dev / semear-admin-123 and doador@semear.dev / semear-doador-123');
    app.log.info({ database: database.kind, url: config.publicUrl }, `Semear is running at ${config.publicUrl} (listening on ${url})`);
    if (!config.smtpUrl)
      app.log.info({ mailbox: mailboxFolder(config.dataDir) }, `outgoing mail is saved in ${mailboxFolder(config.dataDir)}`);
    return { app, url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * How long a node answers not-ready before it stops listening: a load balancer polling /ready (compose's
 * healthcheck runs every 5 s) takes it out of rotation meanwhile, and the requests it still sends are served.
 */
export const NOT_READY_GRACE_MS = 5000;

/**
 * Graceful shutdown: /ready turns 503 first, then, after the grace, the server stops listening and waits
 * for the requests in flight (Fastify's close: idle keep-alive connections are closed, busy ones finish),
 * the mail job finishes, the database closes and the lock is freed.
 */
export async function drainAndClose(server: RunningServer, graceMs = NOT_READY_GRACE_MS): Promise<void> {
  server.app.readiness.beginShutdown();
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  // Closing reaps the connections idle at that moment; one whose request finishes later would stay open
  // until its keep-alive timeout (72 s) and hold the close: those are reaped as they fall idle.
  const reaper = setInterval(() => server.app.server.closeIdleConnections(), 100);
  try {
    await server.close();
  } finally {
    clearInterval(reaper);
  }
}

function closeOnSignals(server: RunningServer): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      server.app.log.info(`${signal} received: not ready any more, draining, then shutting down`);
      // The grace, then up to 10 s for the requests in flight and the jobs to finish.
      const forceExit = setTimeout(() => process.exit(1), NOT_READY_GRACE_MS + 10_000);
      forceExit.unref();
      drainAndClose(server, signal === 'SIGINT' ? 0 : NOT_READY_GRACE_MS).then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

/**
 * Between full collections V8 lets the old generation grow to as much as four times what survived the last
 * one. Under twenty exports on the embedded database a node holding about 90 MB of live objects went to
 * 230 MB of heap and 515–564 MB resident, nearly all of it garbage awaiting a collection. At one and a half
 * times it stayed within 465 MB, and signed-in reads and donations measured the same (docs/deploy.md). Set
 * by the process that serves, not by tests that build the app inside their runner.
 */
const HEAP_GROWING_PERCENT = 50;

async function main(): Promise<void> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const config = loadConfig(withGeneratedSecrets(process.env));
  if (webBuildIsStale(PROJECT_ROOT)) {
    console.log('The web app is missing or older than its sources: running npm run build first.');
    buildWebApp(PROJECT_ROOT);
  }
  closeOnSignals(await startServer(config));
}

const isEntryPoint = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint) {
  main().catch((error: unknown) => {
    // Configuration and lock problems are the operator's to fix: say what, without a stack trace.
    if (error instanceof ConfigError || error instanceof DataFolderLockedError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
