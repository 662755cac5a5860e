import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/types';
import { firesAt, parseCron, saoPauloMinute } from './cron-table';

/** A recurring job: pg-boss runs `run` on one node at a time, on the cron schedule (America/Sao_Paulo). */
export interface RecurringJob {
  name: string;
  cron: string;
  run(): Promise<unknown>;
}

export interface JobRunner {
  start(jobs: readonly RecurringJob[]): Promise<void>;
  stop(): Promise<void>;
}

export interface JobLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * pg-boss on the application's own database (docs/design.md §1, §9): PGlite through its `db` option, or
 * PostgreSQL, where several API nodes share the queue and a cron job runs once per tick across them.
 * The cron table is read here, not by pg-boss's timekeeper (cron-table.ts says why): every
 * `cronIntervalSeconds` each node sends the jobs whose expression fires in the current São Paulo minute,
 * as pg-boss's timekeeper would, with a 60-second singleton slot per job name, so the ticks of every node
 * and every check within one minute are one job.
 */
export function createJobRunner(
  handle: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>,
  log: JobLog,
  options: { pollingIntervalSeconds?: number; cronIntervalSeconds?: number; stopTimeoutMs?: number } = {},
): JobRunner {
  // 'stopped' once stop() returns: pg-boss's late writes then go nowhere (see executeSql).
  let phase: 'idle' | 'started' | 'stopped' = 'idle';
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        if (phase !== 'stopped') return handle.executeSql(text, values);
        // A job that outlived stop(): pg-boss has already marked it failed, so it runs again later, and
        // writes its completion without awaiting it. Sent on to a database being closed, that write
        // rejected with no one to catch it, and the stopping server crashed on its way out. No result is
        // what pg-boss's completion reads as no job changed.
        log.warn({ statement: text.slice(0, 80) }, 'a recurring job outlived shutdown; it will run again');
        return Promise.resolve(undefined as unknown as { rows: unknown[] });
      },
    },
    schema: 'pgboss',
    schedule: false,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job runner error'));
  let ticker: NodeJS.Timeout | undefined;
  return {
    async start(jobs) {
      const tables = jobs.map((job) => ({ name: job.name, cron: parseCron(job.cron) }));
      phase = 'idle';
      // Nodes starting at once on PostgreSQL set pg-boss up in turn: two creating the same queue deadlock.
      await handle.exclusively(async () => {
        await boss.start();
        phase = 'started';
        for (const job of jobs) {
          await boss.createQueue(job.name, { name: job.name, policy: 'singleton' });
          // A schedule kept by an earlier version: pg-boss's timekeeper no longer reads it.
          await boss.unschedule(job.name);
        }
      });
      for (const job of jobs) {
        await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
          await job.run();
        });
      }
      const tick = async () => {
        const now = saoPauloMinute(new Date());
        for (const { name } of tables.filter((table) => firesAt(table.cron, now))) {
          await boss.send(name, {}, { singletonKey: name, singletonSeconds: 60 });
        }
      };
      ticker = setInterval(
        () => {
          tick().catch((error: unknown) => log.error({ err: error }, 'job runner tick failed'));
        },
        (options.cronIntervalSeconds ?? 30) * 1000,
      );
      ticker.unref();
    },
    async stop() {
      clearInterval(ticker);
      if (phase === 'started') await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 });
      phase = 'stopped';
    },
  };
}
