import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusedQuery, reusedQueryPerShape } from '../../server/db/reused-query';
import { idempotencyKeys } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/types';
import { openTestDatabase } from './helpers/test-database';

let handle: DatabaseHandle;
const logged: string[] = [];
beforeAll(async () => {
  handle = await openTestDatabase({ logger: { logQuery: (query) => logged.push(query) } });
}, 60_000);
afterAll(async () => handle.close());

type KeyRow = typeof idempotencyKeys.$inferSelect;
interface NewKey {
  key: string;
  body: unknown;
  createdAt: Date;
  lease: Date | null;
}

let builds = 0;
const insertKey = reusedQuery<NewKey, KeyRow[]>((db, value) => {
  builds++;
  return db
    .insert(idempotencyKeys)
    .values({
      scope: 'reused',
      key: value('key'),
      requestHash: 'hash',
      responseBody: value('body'),
      createdAt: value('createdAt'),
      owner: 'tests',
      leaseExpiresAt: value('lease'),
    })
    .returning();
});

const leasedBefore = reusedQuery<{ before: string }, Array<{ key: string }>>((db, value) =>
  db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, 'reused'), lt(idempotencyKeys.leaseExpiresAt, value('before')))),
);

const readKey = (key: string) =>
  handle.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, 'reused'), eq(idempotencyKeys.key, key)));

const newKey = (overrides: Partial<NewKey> = {}): NewKey => ({
  key: randomUUID(),
  body: { resume: { donation_id: randomUUID(), amounts: [1, 2] } },
  createdAt: new Date('2026-11-28T12:00:00.000Z'),
  lease: new Date('2026-11-28T12:00:12.000Z'),
  ...overrides,
});

describe('a statement built once and run many times (issue 26)', () => {
  it('writes and answers rows exactly as drizzle’s own builder reads them back, dates and JSON included', async () => {
    const input = newKey();
    const [row] = await insertKey(handle.db, input);
    expect(row).toEqual((await readKey(input.key))[0]);
    expect(row?.responseBody).toEqual(input.body);
    expect(row?.createdAt).toEqual(input.createdAt);
    expect(row?.leaseExpiresAt).toEqual(input.lease);
  });

  it('writes a null as SQL null, in a JSON column too, as drizzle does', async () => {
    const input = newKey({ body: null, lease: null });
    await insertKey(handle.db, input);
    const { rows } = await handle.executeSql(
      `select response_body is null as "noBody", lease_expires_at is null as "noLease" from idempotency_keys where key = $1`,
      [input.key],
    );
    expect(rows).toEqual([{ noBody: true, noLease: true }]);
  });

  it('runs on the connection of the transaction it is given: a rollback takes its rows away', async () => {
    const input = newKey();
    await expect(
      handle.db.transaction(async (tx) => {
        await insertKey(tx, input);
        // The same connection sees its own uncommitted row.
        expect(await readKeyIn(tx, input.key)).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await readKey(input.key)).toEqual([]);
  });

  it('compares a date in a condition given as an ISO string', async () => {
    const early = newKey({ lease: new Date('2020-01-01T00:00:00.000Z') });
    await insertKey(handle.db, early);
    const found = await leasedBefore(handle.db, { before: '2021-01-01T00:00:00.000Z' });
    expect(found.map((r) => r.key)).toContain(early.key);
    expect(found.map((r) => r.key)).not.toContain(newKey().key);
  });

  it('refuses a missing value before anything reaches the database', async () => {
    const before = logged.length;
    const { key: _key, ...withoutKey } = newKey();
    await expect(insertKey(handle.db, withoutKey as NewKey)).rejects.toThrow('no value for "key"');
    expect(logged.length).toBe(before);
  });

  it('is built once however often and wherever it runs, and logged each time like any statement', async () => {
    const before = { builds, logged: logged.length };
    for (let i = 0; i < 3; i++) await insertKey(handle.db, newKey());
    await handle.db.transaction(async (tx) => {
      await insertKey(tx, newKey());
      await insertKey(tx, newKey());
    });
    expect(builds - before.builds).toBe(0);
    const texts = logged.slice(before.logged).filter((q) => q.startsWith('insert into "idempotency_keys"'));
    expect(texts).toHaveLength(5);
    expect(new Set(texts).size).toBe(1);
  });

  it('keeps one statement per shape when the shape comes with the call', async () => {
    const shapes: string[] = [];
    const column = reusedQueryPerShape<'owner' | 'hash', { key: string }, Array<{ value: string }>>((shape) => {
      shapes.push(shape);
      return (db, value) =>
        db
          .select({ value: shape === 'owner' ? sql<string>`${idempotencyKeys.owner}` : sql<string>`${idempotencyKeys.requestHash}` })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, value('key')));
    });
    const input = newKey();
    await insertKey(handle.db, input);
    expect(await column('owner', handle.db, { key: input.key })).toEqual([{ value: 'tests' }]);
    expect(await column('hash', handle.db, { key: input.key })).toEqual([{ value: 'hash' }]);
    expect(await column('owner', handle.db, { key: input.key })).toEqual([{ value: 'tests' }]);
    expect(shapes).toEqual(['owner', 'hash']);
  });
});

function readKeyIn(tx: Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0], key: string) {
  return tx
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, 'reused'), eq(idempotencyKeys.key, key)));
}
