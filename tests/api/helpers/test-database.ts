import { inject } from 'vitest';
import { openPglite, openPostgres, type OpenOptions } from '../../../server/db/open-database';
import type { DatabaseHandle } from '../../../server/db/types';
import { createFromTemplate, databaseUrl, dropDatabase, readPgliteTemplate } from '../../support/database-template';

/**
 * A fresh, migrated database for one test file, copied from the run's template (made once by
 * tests/support/database-template.setup.ts): in-memory PGlite (TEST_DB=pglite), or a new uniquely named
 * database on TEST_DATABASE_URL (TEST_DB=postgres), dropped again by close().
 */
export async function openTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') return openScratchPostgres(options);
  return openPglite(null, { ...options, ...pgliteTemplateData() });
}

/** For PGlite, the template to start an empty database from (on PostgreSQL the database is made from it). */
export function templateData(): Pick<OpenOptions, 'initialData'> {
  return process.env.TEST_DB === 'postgres' ? {} : pgliteTemplateData();
}

/** The migrated template as PGlite loads it, whichever database the suite runs on. */
export function pgliteTemplateData(): Pick<OpenOptions, 'initialData'> {
  return { initialData: readPgliteTemplate(inject('pgliteTemplate')) };
}

/** A new database on TEST_DATABASE_URL copied from the template; answers its URL and how to drop it. */
export async function scratchPostgres(prefix = 'semear_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = await createFromTemplate(adminUrl, inject('postgresTemplate'), prefix);
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

async function openScratchPostgres(options: OpenOptions): Promise<DatabaseHandle> {
  const scratch = await scratchPostgres();
  const handle = await openPostgres(scratch.url, options);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
