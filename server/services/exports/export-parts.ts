import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DonationExportFilter } from '../../../contracts/admin-exports';
import type { FinanceLine } from '../../../contracts/admin-finances';
import type { exportJobs } from '../../db/schema';
import type { Database } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import { financeCsvHeader, financeCsvRows, financeXlsx } from '../finances/finance-export';
import { countFinanceLines, financeLines } from '../finances/finances';
import { adminDonationsAfter, adminDonationsCsvHeader, adminDonationsCsvRows, countAdminDonations } from '../refunds/admin-donations';
import { CSV_BOM } from '../../../contracts/csv';
import { brazilianCsvLines } from './brazilian-csv';
import { exportText } from './export-words';

/**
 * An export's file as parts (docs/admin.md): a page of rows is read (a week of ledger lines, or
 * EXPORT_STEP_ROWS donations after the last one written: a cursor, never an offset), written out as a
 * part, its progress recorded, and the event loop is let go before the next page, so the server keeps
 * answering while a long export runs and no file is ever whole in memory.
 */

// Small pages: on PGlite every query holds the one database connection, /health's too, for as long as it runs.
export const EXPORT_STEP_ROWS = 250;
const STEP_DAYS = 7;

type Job = typeof exportJobs.$inferSelect;

/** What a run is told as it goes: the lines counted first, then the lines written so far. */
export interface ExportProgress {
  progress(done: number, total?: number): Promise<void>;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** 'YYYY-MM-DD' plus n calendar days. */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The period in steps of STEP_DAYS São Paulo days, in order. */
export function periodSteps(period: { from: string; to: string }): Array<{ from: string; to: string }> {
  const steps: Array<{ from: string; to: string }> = [];
  for (let from = period.from; from <= period.to; from = addDays(from, STEP_DAYS)) {
    const end = addDays(from, STEP_DAYS - 1);
    steps.push({ from, to: end < period.to ? end : period.to });
  }
  return steps;
}

/** The period's lines a week at a time, each week's progress recorded. */
async function* financeWeeks(
  db: Database,
  period: { from: string; to: string },
  run: ExportProgress,
  locale: string,
): AsyncGenerator<FinanceLine[]> {
  let done = 0;
  for (const step of periodSteps(period)) {
    const lines = await financeLines(db, step, { locale });
    yield lines;
    done += lines.length;
    await run.progress(done);
    await nextTurn();
  }
}

async function* financeParts(deps: PartsDeps, job: Job, run: ExportProgress, written: { lines: number }): AsyncGenerator<Uint8Array> {
  const period = job.params as { from: string; to: string };
  const words = exportText(deps.translator, job.locale);
  await run.progress(0, await countFinanceLines(deps.db, period));
  if (job.format === 'xlsx') {
    // A workbook is a zip of the whole sheet: it is read a week at a time, then written in one part.
    const lines: FinanceLine[] = [];
    for await (const week of financeWeeks(deps.db, period, run, job.locale)) lines.push(...week);
    written.lines = lines.length;
    yield financeXlsx(lines, words);
    return;
  }
  yield utf8(CSV_BOM + brazilianCsvLines([financeCsvHeader(words)]));
  for await (const week of financeWeeks(deps.db, period, run, job.locale)) {
    written.lines += week.length;
    if (week.length > 0) yield utf8(brazilianCsvLines(financeCsvRows(week, words)));
  }
}

async function* donationParts(deps: PartsDeps, job: Job, run: ExportProgress, written: { lines: number }): AsyncGenerator<Uint8Array> {
  const filter = job.params as DonationExportFilter;
  const words = exportText(deps.translator, job.locale);
  await run.progress(0, await countAdminDonations(deps.db, filter));
  yield utf8(CSV_BOM + brazilianCsvLines([adminDonationsCsvHeader(words)]));
  for (let after: string | null = null; ;) {
    const page = await adminDonationsAfter(deps.db, filter, after, EXPORT_STEP_ROWS);
    if (page.length > 0) yield utf8(brazilianCsvLines(adminDonationsCsvRows(page, words)));
    written.lines += page.length;
    await run.progress(written.lines);
    if (page.length < EXPORT_STEP_ROWS) return;
    after = page.at(-1)?.id ?? null;
    await nextTurn();
  }
}

export interface PartsDeps {
  db: Database;
  translator: Translator;
}

/** The job's file, part after part; `written.lines` counts the lines the parts hold. */
export const exportParts = (deps: PartsDeps, job: Job, run: ExportProgress, written: { lines: number }): AsyncGenerator<Uint8Array> =>
  job.kind === 'finances' ? financeParts(deps, job, run, written) : donationParts(deps, job, run, written);
