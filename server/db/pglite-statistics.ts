import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, so nothing ever gathers the planner's
 * statistics. Without them every plan is a guess from default selectivities, and the guesses go wrong as
 * tables grow: an export's page of 100 ledger groups was planned as "about 122 rows, sort them" and sorted
 * every remaining row of the period (150 ms a page on 100,000 donations, where the index gives it in 1 ms),
 * and a day's count joined every ledger entry through the group's primary key (420 ms).
 *
 * So we do what autovacuum's ANALYZE would (docs/deploy.md, "The embedded database's upkeep"): a table of
 * at least MIN_PAGES is analyzed when it has no statistics, or has grown by a tenth since it was last
 * analyzed (its pages against the `relpages` the last ANALYZE recorded: PGlite keeps no counts of changed
 * rows either). A smaller table is left to the planner's defaults, which scale with its size: statistics of
 * the demo's 86 donations told the planner to scan the table, and when a burst of gifts grew it fortyfold
 * within a minute, every donation scanned them all (15% fewer donations a second). Each table is its own
 * statement, so requests get their turns in between (openPglite's turns), and a table that did not grow
 * costs nothing. Its cost is bounded by ANALYZE's sample (30,000 rows): 70–270 ms for 100,000 donations.
 */
const MIN_PAGES = 128;

const STALE_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and c.relpersistence = 'p'
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    and pg_relation_size(c.oid) / current_setting('block_size')::int >= ${MIN_PAGES}
    and (not exists (select 1 from pg_statistic s where s.starelid = c.oid)
      or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1)
  order by pg_relation_size(c.oid)`;

/** Analyzes the tables whose statistics are missing or stale, smallest first; answers their names. */
export async function analyzeStaleTables(client: Pick<PGlite, 'query'>): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) await client.query(`analyze ${name}`);
  return rows.map((row) => row.name);
}
