import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FinanceLine } from '../../../contracts/admin-finances';
import type { Executor } from '../../db/types';
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

/** The period's lines counted a day at a time (one count of a busy year held PGlite, and so the server, for a second). */
export async function countFinanceLinesByDay(db: Executor, period: { from: string; to: string }): Promise<number> {
  let total = 0;
  for (const day of periodSteps(period, 1)) {
    total += await countFinanceLines(db, day);
    await nextTurn();
  }
  return total;
}
