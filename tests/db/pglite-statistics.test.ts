import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/open-database';
import type { DatabaseHandle } from '../../server/db/types';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite(null);
  await handle.executeSql('create table readings (id int primary key, note text)');
  await handle.executeSql('create table few_readings (id int primary key, note text)');
}, 60_000);
afterAll(async () => handle.close());

/** Rows of some 140 bytes: 40,000 of them are some 700 pages. */
const addRows = (table: string, from: number, to: number) =>
  handle.executeSql(`insert into ${table} select i, repeat('leitura ', 16) || i from generate_series(${from}, ${to}) i`);

/** The planner's estimate of the rows `where id < 10` finds. */
async function estimatedFewRows(): Promise<number> {
  const { rows } = await handle.executeSql('explain (format json) select * from readings where id < 10');
  const [plan] = (rows[0] as { 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> })['QUERY PLAN'];
  return plan!.Plan['Plan Rows'];
}

describe('the embedded database keeps its planner statistics (it has no autovacuum)', () => {
  it('analyzes a table of some size with no statistics, and the planner then knows what a range holds', async () => {
    await addRows('readings', 1, 40_000);
    expect(await estimatedFewRows()).toBeGreaterThan(1000); // PostgreSQL's default guess: a third of the table
    expect(await handle.keepStatistics!()).toContain('public.readings');
    expect(await estimatedFewRows()).toBeLessThan(20);
    const { rows } = await handle.executeSql(`select count(*)::int as n from pg_stats where tablename = 'readings'`);
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('leaves a table alone until it grows by a tenth', async () => {
    expect(await handle.keepStatistics!()).not.toContain('public.readings');
    await addRows('readings', 40_001, 41_000);
    expect(await handle.keepStatistics!()).not.toContain('public.readings');
    await addRows('readings', 41_001, 46_000);
    expect(await handle.keepStatistics!()).toContain('public.readings');
    const { rows } = await handle.executeSql(`select reltuples::int as n from pg_class where relname = 'readings'`);
    expect(rows).toEqual([{ n: 46_000 }]);
  });

  it('leaves small tables to the planner defaults, and answers nothing once every table is up to date', async () => {
    await addRows('few_readings', 1, 500);
    expect(await handle.keepStatistics!()).toEqual([]);
    const { rows } = await handle.executeSql(`select count(*)::int as n from pg_stats where tablename = 'few_readings'`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('plans a day’s lines as index look-ups of its groups, not a scan of every entry, once statistics exist', async () => {
    // The shape of an export's line count (finances.ts): a day of groups out of a year, their entries by group.
    await handle.executeSql('create table year_groups (id int primary key, at int not null)');
    await handle.executeSql('create index on year_groups (at)');
    await handle.executeSql('create table year_entries (id int primary key, group_id int not null, cents int not null)');
    await handle.executeSql('create index on year_entries (group_id)');
    await handle.executeSql('insert into year_groups select i, i from generate_series(1, 100000) i');
    await handle.executeSql('insert into year_entries select i, (i + 1) / 2, 100 from generate_series(1, 200000) i');
    await handle.keepStatistics!();
    const { rows } = await handle.executeSql(
      `explain select count(*) from year_entries e join year_groups g on g.id = e.group_id where g.at between 50000 and 50700`,
    );
    const plan = rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n');
    expect(plan).toContain('year_entries_group_id_idx');
    expect(plan).not.toContain('Seq Scan on year_entries');
  });
});
