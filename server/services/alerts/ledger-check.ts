import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types';
import type { AlertFinding } from './alert-mail';
import { rowsOf } from './rows';

/**
 * How far this process has added up the ledger: every entry up to `throughId` sums to `totalCents`. Kept in
 * memory, so each process adds the whole ledger once (its first check, one pass over ledger_entries) and then
 * only the entries written since, by primary key.
 */
export interface LedgerProgress {
  throughId: number;
  totalCents: number;
}

/**
 * Entries older than this are settled: no transaction that could still commit an entry with a lower id is
 * open (ledger transactions last seconds; this assumes none lasts 5 minutes, with 5 more of margin). Entries
 * newer are added again at each check until they settle.
 */
const SETTLED = sql`now() - interval '10 minutes'`;

/**
 * The entries one statement adds up. A process's first check reads the whole ledger: as one statement, on
 * PGlite (whose statements run in the server's thread) 200,000 entries held every request for 315 ms, and a
 * year of a busy campaign would hold them for seconds. A slice of ids is a short turn however big the ledger.
 */
export const LEDGER_SLICE_ENTRIES = 20_000;

interface Slice {
  settled: string | null;
  sum: string;
  settled_sum: string;
}

/** One slice's sum, its newest settled entry, and its sum up to that entry. */
async function sliceOf(db: Database, after: number, through: number): Promise<Slice | undefined> {
  const [slice] = rowsOf<Slice>(
    await db.execute(sql`with slice as (select id, amount_cents, created_at from ledger_entries where id > ${after} and id <= ${through}),
        newest as (select max(id) filter (where created_at < ${SETTLED}) as settled from slice)
      select newest.settled::text as settled, coalesce(sum(slice.amount_cents), 0)::text as sum,
        coalesce(sum(slice.amount_cents) filter (where slice.id <= newest.settled), 0)::text as settled_sum
      from slice, newest group by newest.settled`),
  );
  return slice;
}

/** The groups that do not sum to zero among those `touched` names (at most `limit`). */
async function unbalancedGroups(db: Database, touched: SQL, limit: number): Promise<Array<{ group_id: string; sum: string }>> {
  return rowsOf<{ group_id: string; sum: string }>(
    await db.execute(sql`select group_id::text as group_id, sum(amount_cents)::text as sum from ledger_entries
      where group_id in (${touched}) group by group_id having sum(amount_cents) <> 0 order by group_id limit ${limit}`),
  );
}

/**
 * The ledger's invariant (docs/ledger.md): every group's entries sum to zero, so all entries do. The database
 * refuses an unbalanced group at commit (a deferred trigger), so a finding here means something went around it
 * (a manual fix, a restored dump without triggers): the admins must look. Checks the groups the new entries
 * touched, the groups an open alert named (to see whether they were fixed), and the running total, the new
 * entries a slice at a time.
 */
export async function checkLedger(
  db: Database,
  progress: LedgerProgress,
  knownBroken: readonly string[],
  sliceEntries = LEDGER_SLICE_ENTRIES,
): Promise<AlertFinding[]> {
  const [newest] = rowsOf<{ id: string | null }>(await db.execute(sql`select max(id)::text as id from ledger_entries`));
  const last = Number(newest?.id ?? 0);
  // The entries up to the newest settled one are added for good: their sum is the slices' before it and its own part.
  let before = 0;
  let settled: { id: number; sum: number } | null = null;
  const broken: Array<{ group_id: string; sum: string }> = [];
  for (let after = progress.throughId; after < last; after += sliceEntries) {
    const through = Math.min(after + sliceEntries, last);
    const slice = await sliceOf(db, after, through);
    if (slice?.settled) settled = { id: Number(slice.settled), sum: before + Number(slice.settled_sum) };
    before += Number(slice?.sum ?? 0);
    if (broken.length < 100) {
      const touched = sql`select group_id from ledger_entries where id > ${after} and id <= ${through}`;
      broken.push(...(await unbalancedGroups(db, touched, 100 - broken.length)));
    }
  }
  const total = progress.totalCents + before;
  if (knownBroken.length > 0) {
    const named = sql`select unnest(${sql`array[${sql.join(
      knownBroken.map((id) => sql`${id}`),
      sql`, `,
    )}]`}::uuid[])`;
    const seen = new Set(broken.map((row) => row.group_id));
    broken.push(...(await unbalancedGroups(db, named, 100)).filter((row) => !seen.has(row.group_id)));
  }
  if (settled) {
    progress.totalCents += settled.sum;
    progress.throughId = settled.id;
  }
  if (total === 0 && broken.length === 0) return [];
  return [
    {
      subject: 'ledger',
      details: { total_cents: total, groups: broken.map((row) => row.group_id), group_sums_cents: broken.map((row) => Number(row.sum)) },
    },
  ];
}
