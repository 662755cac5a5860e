import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataFolderLock } from './data-folder-lock';
import type { Database, DatabaseHandle } from './types';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Embedded PostgreSQL (PGlite). dataDir null keeps everything in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataFolderLock(`${dataDir}.lock`); // DATA_DIR/db.lock beside DATA_DIR/db
    try {
      client = await PGlite.create(dataDir);
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
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
    // In-process: PGlite calls listeners before the committing statement resolves, and never drops them.
    listen: async (channel, onPayload) => pglite.listen(channel, onPayload),
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  const raw = drizzlePostgres({ client: pool, schema });
  await pool.query('select 1');
  return {
    db: raw as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePostgres(raw, { migrationsFolder: MIGRATIONS_FOLDER }),
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[] | undefined)).rows as unknown[] }),
    listen: (channel, onPayload, onResumed) => listenOnPool(pool, channel, onPayload, onResumed),
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection that LISTENs, and listens again after losing its connection (then
 * `onResumed`: notifications sent in between were lost).
 */
async function listenOnPool(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed?: () => void,
): Promise<() => Promise<void>> {
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  };
  // Each connection is given back to the pool once: after an error (destroyed) or on stop (reusable).
  const giveBack = (connection: pg.PoolClient, destroy: boolean) => {
    connection.off('notification', onNotification);
    connection.off('error', onError);
    if (client === connection) client = null;
    connection.release(destroy);
  };
  function onError(this: pg.PoolClient) {
    giveBack(this, true);
    if (!stopped) setTimeout(() => void connect().then(onResumed, () => undefined), 1000).unref();
  }
  const connect = async (): Promise<void> => {
    const next = await pool.connect();
    next.on('notification', onNotification);
    next.on('error', onError);
    client = next;
    await next.query(`LISTEN ${quoted}`);
  };
  await connect();
  return async () => {
    stopped = true;
    const current = client;
    if (!current) return;
    await current.query(`UNLISTEN ${quoted}`).catch(() => undefined);
    if (client === current) giveBack(current, false);
  };
}

/** DATABASE_URL selects PostgreSQL; otherwise PGlite keeps its files in DATA_DIR/db. */
export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, 'db'));
}
