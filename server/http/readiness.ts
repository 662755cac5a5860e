import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Ready } from '../../contracts/http';
import { MIGRATIONS_FOLDER } from '../db/open-database';
import type { Database } from '../db/types';

export interface Readiness {
  /** Whether this node should get traffic: the database answers, every migration is applied, not shutting down. */
  check(): Promise<Ready>;
  /** SIGTERM: from now on /ready answers 503, so the load balancer sends no new request here while it drains. */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
}

/** The migrations this build brings (drizzle's journal: each one's `when`, which the migrator records as created_at). */
function journalMoments(folder: string): number[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return journal.entries.map((entry) => entry.when);
}

async function appliedThrough(db: Database): Promise<number[]> {
  const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ created_at: string | number }>;
  return rows.map((row) => Number(row.created_at));
}

/**
 * /ready's checks. The database by `ping` (on PostgreSQL a connection outside the pool: open-database.ts,
 * so a burst of requests holding every pooled connection does not take the node out of rotation); the
 * migrations, over that same connection, by comparing the journal with drizzle's table of applied ones.
 * Once all are applied they stay so for this process's life (a newer node only adds to them), so that
 * query runs until it first passes.
 */

export function createReadiness(deps: {
  db: Database;
  ping: () => Promise<void>;
  /** The database handle's own reading (outside the pool); without it, a query through `db`. */
  appliedMigrations?: () => Promise<number[]>;
  migrationsFolder?: string;
}): Readiness {
  const expected = journalMoments(deps.migrationsFolder ?? MIGRATIONS_FOLDER);
  let migrated = false;
  let shuttingDown = false;

  const migrations = async (): Promise<Ready['migrations']> => {
    if (migrated) return 'applied';
    const applied = new Set(deps.appliedMigrations ? await deps.appliedMigrations() : await appliedThrough(deps.db));
    migrated = expected.every((when) => applied.has(when));
    return migrated ? 'applied' : 'pending';
  };

  return {
    async check() {
      let database: Ready['database'] = 'ok';
      let migrationState: Ready['migrations'] = 'unknown';
      try {
        await deps.ping();
        migrationState = await migrations();
      } catch {
        database = 'unreachable';
      }
      const ok = database === 'ok' && migrationState === 'applied' && !shuttingDown;
      return { status: ok ? 'ok' : 'unavailable', database, migrations: migrationState, shutting_down: shuttingDown };
    },
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
  };
}
