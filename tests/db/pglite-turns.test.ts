import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/open-database';
import type { DatabaseHandle } from '../../server/db/types';
import { pgliteTemplateData } from '../api/helpers/test-database';

// The embedded database runs in the API's own thread: while it is busy, requests must still be read and
// timers must still fire, or a donor's request waits behind every statement queued before it.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openPglite(null, pgliteTemplateData());
});
afterAll(() => database.close());

describe('embedded database turns', () => {
  it('lets a timer fire while a thousand statements are queued, long before the last one ends', async () => {
    let done = 0;
    let doneWhenTimerFired = -1;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        doneWhenTimerFired = done;
        resolve();
      }, 0),
    );
    const statements = Array.from({ length: 1000 }, (_, i) =>
      database.executeSql('select $1::int as n', [i]).then((result) => {
        done += 1;
        return result.rows[0];
      }),
    );
    const rows = await Promise.all(statements);
    await timer;
    expect(rows.at(-1)).toEqual({ n: 999 });
    expect(doneWhenTimerFired).toBeGreaterThanOrEqual(0);
    expect(doneWhenTimerFired).toBeLessThan(100);
  });

  it('keeps a transaction whole: a statement sent while it is open waits for its end', async () => {
    await database.executeSql('create table turns (n int)');
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      opened();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const result = (await tx.execute(sql`select count(*)::int as c from turns`)) as unknown as { rows: unknown[] };
      return result.rows[0];
    });
    await open;
    const outside = database.executeSql('insert into turns values (2)');
    expect(await transaction).toEqual({ c: 1 });
    await outside;
    expect((await database.executeSql('select count(*)::int as c from turns')).rows[0]).toEqual({ c: 2 });
  });
});
