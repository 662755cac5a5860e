import { sql } from 'drizzle-orm';
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
 * The ledger's invariant (docs/ledger.md): every group's entries sum to zero, so all entries do. The database
 * refuses an unbalanced group at commit (a deferred trigger), so a finding here means something went around it
 * (a manual fix, a restored dump without triggers): the admins must look. Checks the groups the new entries
 * touched, the groups an open alert named (to see whether they were fixed), and the running total.
 */
export async function checkLedger(db: Database, progress: LedgerProgress, knownBroken: readonly string[]): Promise<AlertFinding[]> {
  const from = progress.throughId;
  const [since] = rowsOf<{ settled: string | null; recent: string }>(
    await db.execute(sql`select max(id) filter (where created_at < ${SETTLED})::text as settled, coalesce(sum(amount_cents), 0)::text as recent
      from ledger_entries where id > ${from}`),
  );
  const total = progress.totalCents + Number(since?.recent ?? 0);
  const broken = rowsOf<{ group_id: string; sum: string }>(
    await db.execute(sql`select group_id::text as group_id, sum(amount_cents)::text as sum from ledger_entries
      where group_id in (
        select group_id from ledger_entries where id > ${from}
        ${
          knownBroken.length > 0
            ? sql`union select unnest(${sql`array[${sql.join(
                knownBroken.map((id) => sql`${id}`),
                sql`, `,
              )}]`}::uuid[])`
            : sql``
        }
      )
      group by group_id having sum(amount_cents) <> 0 order by group_id limit 100`),
  );
  const settled = since?.settled ? Number(since.settled) : null;
  if (settled !== null) {
    const [part] = rowsOf<{ sum: string }>(
      await db.execute(sql`select coalesce(sum(amount_cents), 0)::text as sum from ledger_entries where id > ${from} and id <= ${settled}`),
    );
    progress.totalCents += Number(part?.sum ?? 0);
    progress.throughId = settled;
  }
  if (total === 0 && broken.length === 0) return [];
  return [
    {
      subject: 'ledger',
      details: { total_cents: total, groups: broken.map((row) => row.group_id), group_sums_cents: broken.map((row) => Number(row.sum)) },
    },
  ];
}
