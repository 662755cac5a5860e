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
  return {
    db,
    kind: 'pglite',
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
    close: () => pool.end(),
  };
}

/** DATABASE_URL selects PostgreSQL; otherwise PGlite keeps its files in DATA_DIR/db. */
export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, 'db'));
}
