import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { withGeneratedSecrets } from '../../../server/config-secrets';
import type { Database, DatabaseHandle } from '../../../server/db/types';
import type { Clock } from '../../../server/services/clock';
import type { OpenOptions } from '../../../server/db/open-database';
import { openTestDatabase } from './test-database';

/** A clock the test moves by hand (token expiry, reset-link expiry). */
export class TestClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  // High enough that only the rate-limit test (which builds its own app) ever meets it.
  AUTH_RATE_LIMIT_MAX: '10000',
  PAYMENT_RATE_LIMIT_MAX: '100000',
  ANALYTICS_RATE_LIMIT_MAX: '100000',
  PUBLIC_URL: 'http://semear.test',
};

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  clock: TestClock;
  dataDir: string;
  /** Another app on the same database with other settings (e.g. a low rate limit). */
  buildAnotherApp(env?: Record<string, string>, options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const databases = new WeakMap<FastifyInstance, Database>();
/** Tells databaseOf which database an app built elsewhere (a crash test's setup app) uses. */
export function rememberDatabaseOf(app: FastifyInstance, db: Database): void {
  databases.set(app, db);
}
/** The database of an app made here: fixtures that take only the app read the mail it queued (a sign-up's link). */
export function databaseOf(app: FastifyInstance): Database {
  const db = databases.get(app);
  if (!db) throw new Error('databaseOf: this app was not made by createTestContext');
  return db;
}

/** One isolated app, database and data folder per test file. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Partial<BuildAppOptions> = {},
  openOptions: OpenOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'semear-test-'));
  const database = await openTestDatabase(openOptions);
  const clock = new TestClock();
  const apps: FastifyInstance[] = [];
  const make = async (moreEnv: Record<string, string>, moreOptions: Partial<BuildAppOptions>) => {
    const config = loadConfig(withGeneratedSecrets({ ...TEST_ENV, DATA_DIR: dataDir, ...env, ...moreEnv }));
    const app = await buildApp({ config, db: database.db, database, clock, ...options, ...moreOptions });
    apps.push(app);
    rememberDatabaseOf(app, database.db);
    return { app, config };
  };
  const { app, config } = await make({}, {});
  return {
    app,
    database,
    config,
    clock,
    dataDir,
    buildAnotherApp: async (moreEnv = {}, moreOptions = {}) => (await make(moreEnv, moreOptions)).app,
    async close() {
      for (const a of apps) await a.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      // BACKUP_DIR's default beside DATA_DIR, where an admin's POST /admin/backups writes (config-backups.ts).
      rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown>;

/** JSON request helper: `call(app, 'POST', '/api/v1/users', body, { token, locale })`. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  options: { token?: string; locale?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(options.locale ? { 'accept-language': options.locale } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body as Json }),
  });
}
