import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PERMISSIONS, ROLES } from '../../contracts/permissions';
import { MIGRATIONS_FOLDER, openPostgres } from '../../server/db/open-database';
import { ensureReferenceData } from '../../server/db/reference-data';
import type { Database } from '../../server/db/types';

/**
 * Every API test file starts from a migrated database with its reference data. Making one from nothing
 * costs PGlite an initdb in WebAssembly (about 10 s) plus the migrations, so the suite makes it once per
 * run (once per schema, for PGlite, across runs) and each file copies it: PGlite loads a dump of its data
 * folder, PostgreSQL creates the file's database `TEMPLATE` it.
 */

/** Names the schema a template holds: the migrations, the reference data and the PGlite that dumped it. */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, name);
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(readFileSync(path));
  }
  hash.update(JSON.stringify({ PERMISSIONS, ROLES }));
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}

const CACHE = 'node_modules/.cache/semear-test-db';

/** The path of a PGlite dump holding the migrated schema, made when this schema has none yet. */
export async function pgliteTemplate(key = templateKey()): Promise<string> {
  const path = join(CACHE, `pglite-${key}.tar`);
  if (existsSync(path)) return path;
  const client = await PGlite.create();
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await ensureReferenceData(db as unknown as Database);
    const dump = await client.dumpDataDir('none');
    mkdirSync(CACHE, { recursive: true });
    for (const old of readdirSync(CACHE)) if (old.startsWith('pglite-') && !path.endsWith(old)) rmSync(join(CACHE, old), { force: true });
    const partial = `${path}.${process.pid}.${Math.random().toString(16).slice(2)}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await client.close();
  }
  return path;
}

/** The dump at `path`, as PGlite's `loadDataDir` takes it. */
export function readPgliteTemplate(path: string): Blob {
  return new Blob([readFileSync(path)]);
}

async function adminQuery<T>(adminUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query(text, values)).rows as T[];
  } finally {
    await admin.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The name of a database on `adminUrl`'s server holding the migrated schema, made when missing. */
export async function postgresTemplate(adminUrl: string, key = templateKey()): Promise<string> {
  const name = `semear_template_${key}`;
  const existing = await adminQuery<{ datname: string }>(
    adminUrl,
    `select datname from pg_database where datname like 'semear_template_%'`,
  );
  for (const { datname } of existing) {
    if (datname !== name) await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`);
  }
  if (existing.some(({ datname }) => datname === name)) return name;
  // Made under another name and renamed when whole: a run killed half-way leaves no half a template.
  const building = `semear_building_${key}_${process.pid}`;
  await adminQuery(adminUrl, `create database "${building}"`);
  const handle = await openPostgres(databaseUrl(adminUrl, building), { preparedStatements: false });
  try {
    await handle.migrate();
    await ensureReferenceData(handle.db);
  } finally {
    await handle.close();
  }
  await adminQuery(adminUrl, `alter database "${building}" rename to "${name}"`);
  return name;
}

/** A new database on `adminUrl`'s server, a copy of the template; answers its name. */
export async function createFromTemplate(adminUrl: string, template: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(16).slice(2, 10)}`;
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}
