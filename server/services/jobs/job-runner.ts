import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/types';

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
}

/**
 * pg-boss on the application's own database (docs/design.md §1, §9): PGlite through its `db` option, or
 * PostgreSQL, where several API nodes share the queue and a cron job runs once per tick across them.
 */
export function createJobRunner(
  handle: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>,
  log: JobLog,
  options: { pollingIntervalSeconds?: number; cronIntervalSeconds?: number } = {},
): JobRunner {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    schema: 'pgboss',
    cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: options.cronIntervalSeconds ?? 30,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job runner error'));
  let started = false;
  return {
    async start(jobs) {
      // Nodes starting at once on PostgreSQL set pg-boss up in turn: two creating the same queue deadlock.
      await handle.exclusively(async () => {
        await boss.start();
        started = true;
        for (const job of jobs) {
          await boss.createQueue(job.name, { name: job.name, policy: 'singleton' });
          await boss.schedule(job.name, job.cron, {}, { tz: 'America/Sao_Paulo' });
        }
      });
      for (const job of jobs) {
        await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
          await job.run();
        });
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
    },
  };
}
