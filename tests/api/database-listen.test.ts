import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/types';
import { openTestDatabase } from './helpers/test-database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(async () => handle.close());

const CHANNEL = 'semear_listen_test';

describe('LISTEN on the database handle (realtime balances rely on it)', () => {
  it('delivers a NOTIFY at commit, never one rolled back', async () => {
    const payloads: string[] = [];
    const unlisten = await handle.listen(CHANNEL, (payload) => payloads.push(payload));
    try {
      await handle.executeSql(`begin; select pg_notify('${CHANNEL}', 'rolled-back'); rollback;`);
      await handle.executeSql(`select pg_notify($1, $2)`, [CHANNEL, 'committed']);
      await expect.poll(() => payloads, { timeout: 5000 }).toEqual(['committed']);
    } finally {
      await unlisten();
    }
  });

  // PGlite is one in-process connection: there is none to lose.
  if (process.env.TEST_DB === 'postgres')
    it('listens again after its connection is killed, and a connection killed after unlisten is no one’s error', async () => {
      const payloads: string[] = [];
      const unlisten = await handle.listen(CHANNEL, (payload) => payloads.push(payload));
      const killListeners = () =>
        handle.executeSql(
          `select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and query ilike 'listen%'`,
        );
      await killListeners();
      await expect
        .poll(
          async () => {
            await handle.executeSql(`select pg_notify($1, $2)`, [CHANNEL, 'after-reconnect']);
            return payloads.includes('after-reconnect');
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
      await unlisten();
      // The connection went back to the pool; killing it now must not reach our listener.
      await handle.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()`,
      );
      await handle.executeSql('select 1');
    });
});
