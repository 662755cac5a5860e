import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

/**
 * The drizzle database, whichever driver runs it (PGlite embedded or node-postgres). Without drizzle's
 * relational queries (`db.query.*`): the code uses the query builder only, and a schema given to drizzle
 * would make every transaction build a relational query builder per table (issue 26).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Queries that may run inside or outside a transaction take either. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations from server/db/migrations, one process at a time: on PostgreSQL several
   * API nodes starting at once wait for each other (an advisory lock), and the later ones find nothing to do.
   */
  migrate(): Promise<void>;
  /** Runs `work` while no other process on this database runs its own (the same lock as migrate). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Closes connections and releases the data-folder lock. */
  close(): Promise<void>;
  /**
   * `select 1` for /health: whether the database answers, on PostgreSQL over a connection of its own that
   * never waits behind the pool's requests (PGlite has one connection; its turns are short, see openPglite).
   */
  ping(): Promise<void>;
  /**
   * The migrations the database recorded as applied (their journal `when`), for /ready: on PostgreSQL over
   * the same connection as `ping`, outside the pool.
   */
  appliedMigrations?(): Promise<number[]>;
  /**
   * For the metrics (app-gauges.ts): PostgreSQL's pool (open, idle, requests waiting for a connection);
   * PGlite's one connection and the statements queued for their turn on it.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: its data folder as an uncompressed tar (what `loadDataDir` takes back), taken between
   * transactions, for the backups (services/backups). PostgreSQL has none: its backups are its own.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: gathers the planner's statistics of the tables that have none or have grown
   * (pglite-statistics.ts: it has no autovacuum); answers the tables analyzed. PostgreSQL's are autovacuum's.
   */
  keepStatistics?: () => Promise<string[]>;
  /** Raw SQL for libraries that bring their own queries (pg-boss's `db` option). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * LISTEN: calls back with each NOTIFY payload on the channel (delivered at commit); resolves to unlisten.
   * `onResumed` is told when listening again after a lost connection (what was sent meanwhile is lost).
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
}
