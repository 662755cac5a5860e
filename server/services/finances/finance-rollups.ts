import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types';
import { selectRows } from '../wallet/raw-rows';
import { dayEnd, daySums, LINE_GROUP_KINDS, TODAY } from './finance-line-sql';

/**
 * The finances' daily rollups (docs/admin.md, "Finances"; issue 52). The `finance-rollups` job sums each
 * São Paulo day that is over into `finance_day_sums`, one transaction per day: the day's sums and its row
 * in `finance_compacted_days` commit together or not at all (a crash leaves the day as it was: read from
 * the ledger), and a day already compacted is skipped, so running twice, or on two nodes, adds nothing.
 *
 * Exactness. A group is dated by the database's `now()`, the start of the transaction that writes it, so a
 * day's lines may still be committed after the day ends by a transaction that began in it: a day is
 * compacted only once no transaction that began before its end is still open (`pg_stat_activity`; PGlite
 * runs one transaction at a time). Groups written with a date of their own (the demo's history,
 * `postLedgerGroup`'s `at`) reopen the day they land in (`reopenFinanceDay`), in their own transaction.
 */

/** One lock for compacting and reopening days: the job on two nodes, or a dated group and the job, take turns. */
const ROLLUP_LOCK = sql`hashtextextended('semear:finance-rollups', 0)`;

/** How many days a run compacts at most (a database's first run compacts its whole history over a few runs). */
export const ROLLUP_DAYS_PER_RUN = 400;

export interface CompactionResult {
  days: number;
  lines: number;
  /** Why the run stopped before the last day that is over: another run holds the lock, or a transaction begun in the day is still open. */
  stopped?: 'busy' | 'open_transaction';
}

/** Days that are over and not compacted, oldest first, from the first day with a finance line. */
async function daysToCompact(db: Executor, limit: number): Promise<string[]> {
  const rows = await selectRows<{ day: string }>(
    db,
    sql`with first as (
        select (min(created_at) at time zone 'America/Sao_Paulo')::date as day from ledger_groups where kind in ${LINE_GROUP_KINDS}
      )
      select d::date::text as day from first, generate_series(first.day, ${TODAY} - 1, interval '1 day') d
      where first.day is not null and not exists (select 1 from finance_compacted_days c where c.day = d::date)
      order by d limit ${limit}`,
  );
  return rows.map((row) => row.day);
}

/** Compacts one day in its own transaction; what it summed, or why it did not. */
async function compactDay(db: Database, day: string): Promise<number | 'busy' | 'open_transaction' | 'done'> {
  return db.transaction(async (tx) => {
    const [lock] = await selectRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as got`);
    if (!lock?.got) return 'busy';
    // A transaction still open that began before the day's end may yet commit a group dated in the day.
    const [open] = await selectRows<{ yes: boolean }>(
      tx,
      sql`select exists (select 1 from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()
        and backend_type = 'client backend'
        and xact_start < ${dayEnd(sql`${day}::date`)}) as yes`,
    );
    if (open?.yes) return 'open_transaction';
    const marked = await selectRows<{ day: string }>(
      tx,
      sql`insert into finance_compacted_days (day, lines) values (${day}::date, 0) on conflict do nothing returning day`,
    );
    if (marked.length === 0) return 'done';
    const [summed] = await selectRows<{ lines: string | null }>(
      tx,
      sql`with sums as (
          insert into finance_day_sums (day, line_kind, account_id, method, amount_cents, lines)
          ${daySums([{ from: day, to: day }])}
          returning lines
        )
        update finance_compacted_days set lines = (select coalesce(sum(lines), 0) from sums) where day = ${day}::date returning lines`,
    );
    return Number(summed?.lines ?? 0);
  });
}

/** The `finance-rollups` job: compacts the days that are over, oldest first, letting the event loop go between days. */
export async function compactFinanceDays(db: Database, options: { maxDays?: number } = {}): Promise<CompactionResult> {
  const result: CompactionResult = { days: 0, lines: 0 };
  for (const day of await daysToCompact(db, options.maxDays ?? ROLLUP_DAYS_PER_RUN)) {
    const outcome = await compactDay(db, day);
    if (outcome === 'busy' || outcome === 'open_transaction') return { ...result, stopped: outcome };
    if (outcome !== 'done') {
      result.days += 1;
      result.lines += outcome;
    }
    await nextTurn();
  }
  return result;
}

/**
 * A group dated by its writer (not by `now()`) may land in a compacted day: the day goes back to being read
 * from the ledger (its sums deleted with its row), in the writer's transaction, and the job compacts it again.
 */
export async function reopenFinanceDay(tx: Executor, at: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
  await tx.execute(sql`delete from finance_compacted_days where day = (${at}::timestamptz at time zone 'America/Sao_Paulo')::date`);
}
