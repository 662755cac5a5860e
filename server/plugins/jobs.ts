import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/types';
import { createJobRunner, type RecurringJob } from '../services/jobs/job-runner';

export interface JobsPluginOptions {
  database: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>;
  jobs: readonly RecurringJob[];
}

/**
 * Recurring jobs on pg-boss (monthly charges, automatic donations, expiry notices). They start once the
 * server is ready, without holding its readiness: setting up a queue per job is a few dozen statements,
 * and on the embedded database behind a restart's backlog that took longer than Fastify gives a hook,
 * so a node restarted after a crash failed to start at all. They stop before the database closes; each
 * job's work is a service that tests call directly with a controllable clock.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, options) => {
    const runner = createJobRunner(options.database, app.log, { pollingIntervalSeconds: 5 });
    let starting: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      starting = runner
        .start(
          options.jobs.map((job) => ({
            ...job,
            run: () => job.run().catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'recurring job failed')),
          })),
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'recurring jobs did not start'));
    });
    app.addHook('onClose', async () => {
      await starting;
      await runner.stop();
    });
  },
  { name: 'semear-jobs' },
);
