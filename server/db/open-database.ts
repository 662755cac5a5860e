import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { acquireDataFolderLock } from './data-folder-lock';
import { analyzeStaleTables } from './pglite-statistics';
import { createStatementNames, preparingClient } from './statement-names';
import { tracingOn } from '../tracing/tracing';
import { tracedClient, tracedPoolQuery, tracePglite } from '../tracing/traced-database';
import type { Database, DatabaseHandle } from './types';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Embedded PostgreSQL (PGlite). dataDir null keeps everything in memory (tests). */
/** `logger`: sees every statement drizzle runs (query-count.ts counts them for tests and the bench). */
export interface OpenOptions {
  logger?: Logger;
  /**
   * PostgreSQL: each connection prepares a statement once (statement-names.ts). False for a pooler in
   * transaction mode that cannot carry prepared statements (DATABASE_PREPARED_STATEMENTS=false).
   */
  preparedStatements?: boolean;
  /**
   * PGlite: a dump (`dumpDataDir`) to start from when there is no database yet, instead of an empty one
   * made by initdb (several seconds in WebAssembly). The test suite starts each file from one migrated dump.
   */
  initialData?: Blob;
}

/** drizzle's record of the migrations applied: each one's journal `when` (migrate() writes it as created_at). */
const APPLIED_MIGRATIONS = 'select created_at from drizzle.__drizzle_migrations';
const migrationMoments = (rows: unknown[]): number[] => rows.map((row) => Number((row as { created_at: unknown }).created_at));

/** How long the embedded database may run turns back to back before input and timers get theirs. */
const PGLITE_SLICE_MS = 10;

/**
 * PGlite runs in this thread, one statement or transaction at a time behind a FIFO mutex that hands over
 * in microtasks. Under load the queue never empties, so one turn of the event loop could run the
 * statements of every request in flight back to back for hundreds of milliseconds, reading no socket and
 * firing no timer: requests that had arrived waited, and under a donation load some waited past 10 s.
 * So at most every PGLITE_SLICE_MS, a turn first lets the event loop go round once (`setImmediate`),
 * holding the database meanwhile: a transaction still runs whole, and the queue keeps its order.
 */
function lettingInputInBetweenTurns(client: PGlite): { total: number; idle: number; waiting: number } {
  const runExclusive = client._runExclusiveTransaction.bind(client);
  let sliceStart = performance.now();
  // Its queue, for the metrics: statements and transactions waiting for their turn, and whether one runs.
  const turns = { total: 1, idle: 1, waiting: 0 };
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> => {
    turns.waiting++;
    return runExclusive(async () => {
      turns.waiting--;
      turns.idle = 0;
      try {
        if (performance.now() - sliceStart >= PGLITE_SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
        return await fn();
      } finally {
        turns.idle = 1;
      }
    });
  };
  return turns;
}

/**
 * PGlite's buffer pool. Its default (128 MB, PostgreSQL's) is allocated and written at start inside the
 * process's WebAssembly memory: 116 MB of resident memory before the first query. Its pages are files the
 * operating system caches anyway, so a year's scans run as fast with 32 MB (measured: three scans of
 * 200,000 ledger entries in 383 ms either way), and the node stays within its memory under twenty exports.
 */
const PGLITE_SHARED_BUFFERS = '32MB';
/**
 * What the planner takes a page read out of order to cost against one read in order (PostgreSQL's default
 * is 4, for spinning disks). For the same reason, a page here is a cached file, so out of order costs about
 * the same: with 4, once statistics existed (pglite-statistics.ts), a day's export line count was planned as
 * a scan of every ledger entry (95 ms alone, 250–330 ms under twenty exports, every request waiting) instead
 * of the day's groups by index (13 ms). 1.1 is the usual setting for storage that seeks for free.
 */
const PGLITE_RANDOM_PAGE_COST = '1.1';
const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
  '-c',
  `random_page_cost=${PGLITE_RANDOM_PAGE_COST}`,
];

export async function openPglite(dataDir: string | null, options: OpenOptions = {}): Promise<DatabaseHandle> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataFolderLock(`${dataDir}.lock`); // DATA_DIR/db.lock beside DATA_DIR/db
    try {
      // PGlite refuses to load a dump over a database: only a folder without one starts from it.
      const fresh = options.initialData && !existsSync(join(dataDir, 'PG_VERSION'));
      client = await PGlite.create(dataDir, { startParams: pgliteStartParams, ...(fresh ? { loadDataDir: options.initialData } : {}) });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ startParams: pgliteStartParams, ...(options.initialData ? { loadDataDir: options.initialData } : {}) });
  }
  const turns = lettingInputInBetweenTurns(client);
  // Only while tracing (start.ts started it before opening): otherwise the client stays as PGlite made it.
  if (tracingOn()) tracePglite(client);
  const db = drizzlePglite({ client, logger: options.logger }) as unknown as Database;
  const pglite = client;
  return {
    db,
    kind: 'pglite',
    // docs/design.md §9: with values a single statement (query), without them maybe several (exec).
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    ping: async () => void (await pglite.query('select 1')),
    poolStats: () => ({ ...turns }),
    keepStatistics: () => analyzeStaleTables(pglite),
    appliedMigrations: async () => migrationMoments((await pglite.query(APPLIED_MIGRATIONS)).rows),
    // In-process: PGlite calls listeners before the committing statement resolves, and never drops them.
    listen: async (channel, onPayload) => pglite.listen(channel, onPayload),
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
    // One process owns PGlite's folder (the data-folder lock), so there is no one to wait for.
    exclusively: (work) => work(),
    // Every statement and transaction holds PGlite's transaction mutex (a transaction from BEGIN to
    // COMMIT); the dump itself takes only the query mutex. Holding the first, it sees no transaction
    // half-way. The checkpoint before writes the committed pages, so a restore replays little WAL.
    dumpDataDir: async () => {
      await pglite.exec('checkpoint');
      return pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(connectionString: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const Plain = options.preparedStatements === false ? pg.Client : preparingClient(createStatementNames());
  // Only while tracing (start.ts started it before opening): otherwise the pool is pg's own.
  const Client = tracingOn() ? tracedClient(Plain) : Plain;
  const pool = new pg.Pool({ connectionString, max: 10, Client });
  if (tracingOn()) tracedPoolQuery(pool);
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  const raw = drizzlePostgres({ client: pool, logger: options.logger });
  await pool.query('select 1');
  const exclusively = startupLock(pool);
  const listener = sharedListener(() => new pg.Client({ connectionString }));
  const health = healthConnection(() => new pg.Client({ connectionString, connectionTimeoutMillis: 5000, query_timeout: 5000 }));
  return {
    db: raw as unknown as Database,
    kind: 'postgres',
    // Two nodes migrating at once would both apply the same migration (the second failing half-way).
    migrate: () => exclusively(() => migratePostgres(raw, { migrationsFolder: MIGRATIONS_FOLDER })),
    exclusively,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[] | undefined)).rows as unknown[] }),
    listen: listener.listen,
    ping: health.ping,
    appliedMigrations: async () => migrationMoments(await health.query(APPLIED_MIGRATIONS)),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      listener.close();
      health.close();
      await pool.end();
    },
  };
}

/** The advisory lock API nodes starting on one database take in turn (a fixed 64-bit number: "Semear" and 1 in hex). */
const STARTUP_LOCK_KEY = '6009329559989780481'; // 0x53656d6561720001

/**
 * Holds a session advisory lock on a connection of its own while `work` runs on the pool's others. The
 * lock lives as long as that session, so a node killed half-way frees it for the next one. It is
 * between nodes: while this process holds it, its own calls run at once (the demo seed's payments make
 * the app ready, whose job runner sets pg-boss up "exclusively" too: waiting would wait for itself).
 */
function startupLock(pool: pg.Pool): DatabaseHandle['exclusively'] {
  let held = 0;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (held > 0) return work();
    const holder = await pool.connect();
    let healthy = true;
    try {
      await holder.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`);
      held++;
      try {
        return await work();
      } finally {
        held--;
        await holder.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`).catch(() => {
          healthy = false; // Destroying the connection below ends the session, and with it the lock.
        });
      }
    } finally {
      holder.release(!healthy);
    }
  };
}

/**
 * /health's connection, outside the pool. A load balancer asks whether this node and its database answer,
 * not whether a pooled connection is free: twenty admins asking exports at once held all ten pooled
 * connections in their requests' transactions, and /health's `select 1` queued behind them for 575 ms
 * (issue 48, item 1). Connected on first use and again after any error; its queries queue on it in order,
 * each a fraction of a millisecond.
 */
function healthConnection(newClient: () => pg.Client): {
  ping: () => Promise<void>;
  query: (text: string) => Promise<unknown[]>;
  close: () => void;
} {
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const drop = (client: Promise<pg.Client>) => {
    if (connecting === client) connecting = null;
    void client.then((c) => c.end()).catch(() => undefined);
  };
  const connected = (): Promise<pg.Client> => {
    if (connecting) return connecting;
    const client = newClient();
    const current = client.connect().then(() => client);
    // A connection lost while idle emits here; without a listener it would end the process.
    client.on('error', () => drop(current));
    connecting = current;
    current.catch(() => drop(current));
    return current;
  };
  const query = async (text: string): Promise<unknown[]> => {
    if (closed) throw new Error('the database is closed');
    const client = connected();
    try {
      return (await (await client).query(text)).rows as unknown[];
    } catch (error) {
      drop(client);
      throw error;
    }
  };
  return {
    ping: async () => void (await query('select 1')),
    query,
    close() {
      closed = true;
      if (connecting) drop(connecting);
    },
  };
}

type Listen = DatabaseHandle['listen'];
interface Subscriber {
  onPayload: (payload: string) => void;
  onResumed?: () => void;
}

/**
 * One connection per database handle LISTENs for every channel and subscriber (the realtime balance,
 * the public cache, each app built on the handle). It is its own, outside the pool: a LISTEN must never
 * wait for a pool the start-up's own work has filled (the demo seed's payments hold connections while
 * they wait for the app to be ready, and the app is ready once it listens). It listens again after losing
 * its connection (then every `onResumed`: notifications sent in between were lost), and closes when the
 * last subscriber stops.
 */
function sharedListener(newClient: () => pg.Client): { listen: Listen; close: () => void } {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  const onNotification = (message: pg.Notification) => {
    if (message.payload === undefined) return;
    for (const subscriber of channels.get(message.channel) ?? []) subscriber.onPayload(message.payload);
  };
  // Each connection is ended once: after an error, or when no one listens any more. An error it emits
  // while closing finds a listener still (an 'error' event with none would end the process).
  const quiet = () => undefined;
  const end = (connection: pg.Client) => {
    connection.off('notification', onNotification);
    connection.off('error', onError);
    connection.on('error', quiet);
    if (client === connection) client = null;
    void connection.end().catch(quiet);
  };
  function onError(this: pg.Client) {
    end(this);
    if (channels.size === 0) return;
    setTimeout(() => {
      void connected().then(
        () => {
          for (const subscribers of channels.values()) for (const subscriber of subscribers) subscriber.onResumed?.();
        },
        () => undefined,
      );
    }, 1000).unref();
  }
  const connect = async (): Promise<pg.Client> => {
    const next = newClient();
    next.on('error', onError);
    try {
      await next.connect();
    } catch (error) {
      end(next);
      throw error;
    }
    if (closed) {
      end(next);
      throw new Error('the database is closed');
    }
    next.on('notification', onNotification);
    client = next;
    for (const channel of channels.keys()) await next.query(`LISTEN ${quoted(channel)}`);
    return next;
  };
  const connected = (): Promise<pg.Client> =>
    client ? Promise.resolve(client) : (connecting ??= connect().finally(() => (connecting = null)));

  const listen: Listen = async (channel, onPayload, onResumed) => {
    const subscriber: Subscriber = { onPayload, onResumed };
    const subscribers = channels.get(channel) ?? new Set<Subscriber>();
    channels.set(channel, subscribers);
    subscribers.add(subscriber);
    try {
      // LISTEN twice on one channel is a no-op, so a channel added while connecting is sure to be heard.
      await (await connected()).query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) channels.delete(channel);
      throw error;
    }
    return async () => {
      if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
      channels.delete(channel);
      const current = client;
      if (!current) return;
      await current.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
      if (channels.size === 0 && client === current) end(current);
    };
  };
  // The database is closing: whoever still listens hears nothing more.
  const close = () => {
    closed = true;
    channels.clear();
    if (client) end(client);
  };
  return { listen, close };
}

/** DATABASE_URL selects PostgreSQL; otherwise PGlite keeps its files in DATA_DIR/db. */
export function openDatabase(
  config: {
    databaseUrl: string | null;
    databasePreparedStatements: boolean;
    dataDir: string;
  },
  options: Pick<OpenOptions, 'initialData'> = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { preparedStatements: config.databasePreparedStatements })
    : openPglite(join(config.dataDir, 'db'), options);
}
