import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/types';
import { createJobRunner } from '../../server/services/jobs/job-runner';
import { openTestDatabase } from '../api/helpers/test-database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(async () => handle.close());

const silent = { error: () => {}, warn: () => {} };

describe('recurring jobs on pg-boss (on the test database: PGlite, or PostgreSQL with TEST_DB=postgres)', () => {
  it('runs a scheduled job, and two runners on one database run each tick once between them', async () => {
    // A tick is one minute: started too close to the next minute, the test would see two ticks, each run once.
    const secondsLeft = 60 - new Date().getSeconds();
    if (secondsLeft < 25) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 500));
    const runs: string[] = [];
    const options = { pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1 };
    const first = createJobRunner(handle, silent, options);
    const second = createJobRunner(handle, silent, options);
    const job = (node: string) => ({ name: 'test-tick', cron: '* * * * *', run: async () => void runs.push(node) });
    await first.start([job('first')]);
    await second.start([job('second')]);
    try {
      await expect.poll(() => runs.length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(1);
      // The next tick is a minute away: whatever ran now is this tick's work, done by one node only.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(runs).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
    }
  }, 70_000);

  it('a job still running when its server stops finishes without crashing the stopped process, and runs again', async () => {
    const database = await openTestDatabase();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const runner = createJobRunner(database, silent, { pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1, stopTimeoutMs: 1000 });
    try {
      await runner.start([{ name: 'test-outlives-stop', cron: '* * * * *', run: async () => ((started = true), released) }]);
      await expect.poll(() => started, { timeout: 20_000, interval: 100 }).toBe(true);
      await runner.stop();
      const { rows } = await database.executeSql(`select state from pgboss.job where name = 'test-outlives-stop'`);
      expect(rows).toEqual([{ state: 'retry' }]);
      await database.close();
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled).toEqual([]);
    } finally {
      release();
      process.off('unhandledRejection', onUnhandled);
    }
  }, 40_000);
});
