import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type OpenOptions } from '../../../server/db/open-database';
import { ensureReferenceData } from '../../../server/db/reference-data';
import type { DatabaseHandle } from '../../../server/db/types';

/**
 * A fresh, migrated database for one test file: in-memory PGlite (TEST_DB=pglite), or a new
 * uniquely named database on TEST_DATABASE_URL (TEST_DB=postgres), dropped again by close().
 */
export async function openTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const handle = process.env.TEST_DB === 'postgres' ? await openScratchPostgres(options) : await openPglite(null, options);
  await handle.migrate();
  await ensureReferenceData(handle.db);
  return handle;
}

async function openScratchPostgres(options: OpenOptions): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `semear_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), options);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
