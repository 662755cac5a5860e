import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/types';
import { openTestDatabase } from '../api/helpers/test-database';

/**
 * Each pooled connection parses and plans a statement once (server/db/statement-names.ts). One call at a
 * time, the pool hands out the connection it got back last, so the checks below see the same session.
 */
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

async function open(preparedStatements?: boolean) {
  const handle = await openTestDatabase({ preparedStatements });
  handles.push(handle);
  return handle;
}

type Executor = Pick<DatabaseHandle['db'], 'execute'>;
/** node-postgres answers `execute` with its result (the Database type leaves it unknown, for PGlite's sake). */
const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: Record<string, unknown>[] }).rows;
const divide = (db: Executor, by: number) => rowsOf(db.execute(sql`select 10 / ${by}::int as quotient`));
const quotient = async (db: Executor, by: number) => (await divide(db, by))[0]?.quotient;
/** The session's prepared statements holding `fragment` (executeSql's plain text is never prepared). */
async function preparedHolding(handle: DatabaseHandle, fragment: string): Promise<number> {
  const { rows } = await handle.executeSql(`select statement from pg_prepared_statements`);
  return (rows as { statement: string }[]).filter((row) => row.statement.includes(fragment)).length;
}

describe('prepared statements on PostgreSQL', () => {
  it('prepares a statement on its first call and runs it again without parsing it', async () => {
    const handle = await open();
    expect(await quotient(handle.db, 2)).toBe(5);
    expect(await preparedHolding(handle, 'select 10 /')).toBe(1);
    expect(await quotient(handle.db, 5)).toBe(2);
    expect(await preparedHolding(handle, 'select 10 /')).toBe(1);
  });

  // A transaction holds one connection: these run on the session that prepared the statement.
  it('runs the same statement again after the server refused one call of it', async () => {
    const { db } = await open();
    const after = await db.transaction(async (tx) => {
      const refused = tx.transaction((savepoint) => divide(savepoint, 0));
      await expect(refused).rejects.toMatchObject({ cause: { code: '22012' } }); // division by zero
      return quotient(tx, 10);
    });
    expect(after).toBe(1);
  });

  it('runs a statement later that was first sent into a failed transaction', async () => {
    const { db } = await open();
    const failed = db.transaction(async (tx) => {
      await divide(tx, 0).catch(() => {});
      await tx.execute(sql`select ${'first seen here'}::text as late`); // refused: the transaction is aborted
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: '25P02' } });
    expect(await rowsOf(db.execute(sql`select ${'and now'}::text as late`))).toEqual([{ late: 'and now' }]);
  });

  it('fails only the call whose value cannot be sent, and its statement still runs on that connection', async () => {
    const { db } = await open();
    const unsendable = {
      toPostgres() {
        throw new Error('unsendable');
      },
    };
    const echo = (tx: Executor, value: unknown) => rowsOf(tx.execute(sql`select ${value}::text as value`));
    const rows = await db.transaction(async (tx) => {
      await echo(tx, 'prepared');
      await expect(tx.transaction((savepoint) => echo(savepoint, unsendable))).rejects.toMatchObject({
        cause: { message: 'unsendable' },
      });
      return echo(tx, 'sent');
    });
    expect(rows).toEqual([{ value: 'sent' }]);
  });

  it('prepares nothing when told not to (a pooler in transaction mode)', async () => {
    const handle = await open(false);
    expect(await quotient(handle.db, 2)).toBe(5);
    expect(await preparedHolding(handle, 'select 10 /')).toBe(0);
  });
});
