import { sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { Database, DatabaseHandle } from '../db/types';
import type { Clock } from '../services/clock';

export type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;

export type QueueName = 'mail' | 'webhooks' | 'jobs' | 'exports';

export interface QueueFigures {
  depth: number;
  oldestDue: Date | string | null;
}

/**
 * One cheap query per queue, each on the index its worker claims by: how many wait, and the oldest due
 * one (its age: how far the worker is behind). Jobs are pg-boss's, whose schema exists only once the
 * job runner has started (npm start): without it, no jobs figures.
 */
const QUEUES: Record<QueueName, (db: Database, now: Date) => Promise<QueueFigures | null>> = {
  mail: async (db, now) =>
    first(
      await db.execute(sql`select count(*)::int as depth, min(next_attempt_at) filter (where next_attempt_at <= ${now}) as "oldestDue"
        from mail_outbox where status = 'pending'`),
    ),
  webhooks: async (db, now) =>
    first(
      await db.execute(sql`select count(*)::int as depth,
          min(coalesce(next_attempt_at, created_at)) filter (where coalesce(next_attempt_at, created_at) <= ${now}) as "oldestDue"
        from webhook_deliveries where status = 'pending'`),
    ),
  // An export is due from when it was asked for: one still queued after ALERT_QUEUE_AGE_MINUTES means
  // admins wait that long for their files (the runs are stuck, or far fewer than the exports asked for).
  exports: async (db, now) =>
    first(
      await db.execute(sql`select count(*)::int as depth, min(created_at) filter (where created_at <= ${now}) as "oldestDue"
        from export_jobs where status = 'queued'`),
    ),
  jobs: async (db, now) => {
    const [known] = rowsOf(await db.execute(sql`select to_regclass('pgboss.job') is not null as known`)) as Array<{ known: boolean }>;
    if (!known?.known) return null;
    return first(
      await db.execute(sql`select count(*)::int as depth, min(start_after) filter (where start_after <= ${now}) as "oldestDue"
        from pgboss.job where state in ('created', 'retry')`),
    );
  },
};

const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));
const first = (result: unknown): QueueFigures | null => (rowsOf(result)[0] as QueueFigures | undefined) ?? null;

/** Each queue's depth and oldest due item, as the gauges read them (also the alerts and the admins' Sistema page). */
export async function readQueueFigures(
  db: Database,
  now: Date,
  onError: (error: unknown) => void = () => {},
): Promise<Map<QueueName, QueueFigures>> {
  const found = new Map<QueueName, QueueFigures>();
  for (const [queue, read] of Object.entries(QUEUES) as Array<[QueueName, (typeof QUEUES)[QueueName]]>) {
    try {
      const row = await read(db, now);
      if (row) found.set(queue, row);
    } catch (error) {
      onError(error);
    }
  }
  return found;
}

/**
 * The figures read from this app's database when Prometheus scrapes (gauges with `collect`): queue
 * depths and ages, and the database pool. A registry per app: tests run several apps in one process.
 */
export function appGauges(deps: { db: Database; clock: Clock; poolStats?: () => PoolStats; onError: (error: unknown) => void }): Registry {
  const registry = new Registry();
  // Both gauges come from the same queries: the registry collects its metrics side by side, so the
  // second gauge of a scrape joins the first one's reading, still under way.
  let reading: Promise<Map<string, QueueFigures>> | null = null;
  const figures = () => {
    if (!reading) reading = readQueues(deps.clock.now()).finally(() => (reading = null));
    return reading;
  };
  const readQueues = (now: Date): Promise<Map<string, QueueFigures>> => readQueueFigures(deps.db, now, deps.onError);
  new Gauge({
    name: 'semear_queue_depth',
    help: 'Items waiting in a queue (mail outbox, webhook deliveries, finance and donation exports, jobs), due or not yet.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, row] of await figures()) this.set({ queue }, Number(row.depth));
    },
  });
  new Gauge({
    name: 'semear_queue_oldest_due_age_seconds',
    help: 'Age of the oldest due item of a queue, 0 when none is due: how far its worker is behind.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = deps.clock.now().getTime();
      for (const [queue, row] of await figures()) {
        const oldest = row.oldestDue === null ? null : new Date(row.oldestDue).getTime();
        this.set({ queue }, oldest === null ? 0 : Math.max(0, (now - oldest) / 1000));
      }
    },
  });
  const pool = deps.poolStats;
  if (pool) {
    const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    gauge('semear_db_pool_connections', 'Database connections open (PostgreSQL pool; PGlite: its one).', (s) => s.total);
    gauge('semear_db_pool_idle', 'Open database connections no query holds.', (s) => s.idle);
    gauge('semear_db_pool_waiting', 'Queries waiting for a connection (PGlite: for its turn on the one connection).', (s) => s.waiting);
  }
  return registry;
}
