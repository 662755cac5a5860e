import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/types';
import { createJobRunner, type RecurringJob } from '../services/jobs/job-runner';

export interface JobsPluginOptions {
  database: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>;
  jobs: readonly RecurringJob[];
}

/**
 * Recurring jobs on pg-boss (monthly charges, automatic donations, expiry notices). They start when
 * the server is ready and stop before the database closes; each job's work is a service that tests
 * call directly with a controllable clock.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, options) => {
    const runner = createJobRunner(options.database, app.log, { pollingIntervalSeconds: 5 });
    app.addHook('onReady', async () => {
      await runner.start(
        options.jobs.map((job) => ({
          ...job,
          run: () => job.run().catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'recurring job failed')),
        })),
      );
    });
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'semear-jobs' },
);
