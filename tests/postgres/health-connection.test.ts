import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../api/helpers/test-app';

/**
 * /ready asks the database over a connection of its own (server/db/open-database.ts): a burst of requests
 * holding every pooled connection (twenty admins asking exports at once) must not make a live node look dead
 * to its load balancer. PostgreSQL only: PGlite has one connection, which every query takes in turn.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.app.close());

describe('/ready while every pooled connection is held (PostgreSQL)', () => {
  it('answers at once, and still answers after its connection was cut', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    // The pool keeps 10 connections: each transaction below holds one until released.
    const holders = Array.from({ length: 10 }, () =>
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding += 1;
        await held;
      }),
    );
    try {
      await expect.poll(() => holding, { timeout: 10_000 }).toBe(10);
      // Queued behind the pool it would wait for a release that only comes after it: given 5 s, it has none.
      const health = await Promise.race([
        ctx.app.inject({ method: 'GET', url: '/api/v1/ready' }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
      ]);
      expect(health?.statusCode).toBe(200);
      expect(health?.json()).toMatchObject({ status: 'ok', database: 'ok' });
    } finally {
      release();
      await Promise.all(holders);
    }
    // Its session ended by the server (a restart, a failover): the next check connects again.
    await ctx.database.executeSql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle' and query = 'select 1'`,
    );
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode, { timeout: 10_000 })
      .toBe(200);
  });
});
