import type { TestProject } from 'vitest/node';
import { pgliteTemplate, postgresTemplate, templateKey } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of the migrated schema (tests/support/database-template.ts). */
    pgliteTemplate: string;
    /** On TEST_DATABASE_URL's server, a database holding the migrated schema; '' when the suite runs on PGlite. */
    postgresTemplate: string;
  }
}

/** The API projects' global setup: the template each test file's database is copied from, made once. */
export default async function setup(project: TestProject): Promise<void> {
  const key = templateKey();
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  project.provide('pgliteTemplate', await pgliteTemplate(key));
  project.provide('postgresTemplate', onPostgres ? await postgresTemplate(process.env.TEST_DATABASE_URL as string, key) : '');
}
