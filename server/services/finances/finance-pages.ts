import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FinanceLine } from '../../../contracts/admin-finances';
import type { Executor } from '../../db/types';
import { selectRows } from '../wallet/raw-rows';
import { countFinanceLines, financeLinePage, type FinanceCursor } from './finances';

/**
 * A period's ledger lines read for an export (docs/admin.md, "Exports"): the lines of FINANCE_PAGE_GROUPS
 * ledger groups at a time after the last group read (a cursor on the lines' order, never an offset), the
 * event loop let go between pages. Small pages, because on PGlite every query runs in the server's own
 * thread and holds the one connection /health needs too: a page is tens of milliseconds, where a week of a
 * busy year was seconds. `maxLines` stops a direct export at its bound.
 */
export const FINANCE_PAGE_GROUPS = 100;

export async function* financePages(
  db: Executor,
  period: { from: string; to: string },
  options: { locale: string; maxLines?: number; pageGroups?: number },
): AsyncGenerator<FinanceLine[]> {
  let left = options.maxLines ?? Number.POSITIVE_INFINITY;
  let after: FinanceCursor | undefined;
  while (left > 0) {
    const { lines, last } = await financeLinePage(db, period, {
      groups: options.pageGroups ?? FINANCE_PAGE_GROUPS,
      locale: options.locale,
      after,
    });
    const page = lines.length > left ? lines.slice(0, left) : lines;
    if (page.length > 0) yield page;
    left -= page.length;
    if (!last) return;
    after = last;
    await nextTurn();
  }
}

/** 'YYYY-MM-DD' plus n calendar days. */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The period in steps of `days` São Paulo days, in order. */
export function periodSteps(period: { from: string; to: string }, days: number): Array<{ from: string; to: string }> {
  const steps: Array<{ from: string; to: string }> = [];
  for (let from = period.from; from <= period.to; from = addDays(from, days)) {
    const end = addDays(from, days - 1);
    steps.push({ from, to: end < period.to ? end : period.to });
  }
  return steps;
}

/**
 * The period's lines counted a day at a time: a compacted day's from its rollup (the same lines, counted when
 * it was compacted: finance-rollups.ts), any other from the ledger. A month of 100,000 donations was thirty
 * counts over every entry, a third of a second each on PGlite, every request waiting meanwhile.
 */
export async function countFinanceLinesByDay(db: Executor, period: { from: string; to: string }): Promise<number> {
  const compacted = await selectRows<{ day: string; lines: number }>(
    db,
    sql`select day::text as day, lines from finance_compacted_days where day between ${period.from}::date and ${period.to}::date`,
  );
  const linesOf = new Map(compacted.map((row) => [row.day, Number(row.lines)]));
  let total = 0;
  for (const day of periodSteps(period, 1)) {
    const known = linesOf.get(day.from);
    if (known !== undefined) {
      total += known;
      continue;
    }
    total += await countFinanceLines(db, day);
    await nextTurn();
  }
  return total;
}
