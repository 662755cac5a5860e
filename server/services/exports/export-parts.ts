import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DonationExportFilter } from '../../../contracts/admin-exports';
import type { FinanceLine } from '../../../contracts/admin-finances';
import type { exportJobs } from '../../db/schema';
import type { Database } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import { financeFileParts } from '../finances/finance-export';
import { countFinanceLinesByDay, financePages } from '../finances/finance-pages';
import { adminDonationsAfter, adminDonationsCsvHeader, adminDonationsCsvRows, countAdminDonations } from '../refunds/admin-donations';
import { CSV_BOM } from '../../../contracts/csv';
import { brazilianCsvLines } from './brazilian-csv';
import { exportText } from './export-words';

/**
 * An export's file as parts (docs/admin.md): a page of rows is read (the lines of FINANCE_PAGE_GROUPS ledger groups or
 * EXPORT_STEP_ROWS donations after the last one written: a cursor, never an offset), written out as a
 * part (an XLSX's sheet row by row into its zip, deflated off the event loop: xlsx-stream.ts), its progress
 * recorded, and the event loop is let go before the next page, so the server keeps answering while a long
 * export runs and no file is ever whole in memory.
 */

// Small pages: on PGlite every query holds the one database connection, /health's too, for as long as it runs.
export const EXPORT_STEP_ROWS = 250;

type Job = typeof exportJobs.$inferSelect;

/** What a run is told as it goes: the lines counted first, then the lines written so far. */
export interface ExportProgress {
  progress(done: number, total?: number): Promise<void>;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The period's lines page by page (finance-pages.ts), each page's progress recorded and counted in `written`. */
async function* financeLinesOf(deps: PartsDeps, job: Job, run: ExportProgress, written: { lines: number }): AsyncGenerator<FinanceLine[]> {
  for await (const page of financePages(deps.db, job.params as { from: string; to: string }, { locale: job.locale })) {
    written.lines += page.length;
    yield page;
    await run.progress(written.lines);
  }
}

async function* financeParts(deps: PartsDeps, job: Job, run: ExportProgress, written: { lines: number }): AsyncGenerator<Uint8Array> {
  await run.progress(0, await countFinanceLinesByDay(deps.db, job.params as { from: string; to: string }));
  const format = job.format === 'xlsx' ? 'xlsx' : 'csv';
  yield* financeFileParts(format, financeLinesOf(deps, job, run, written), exportText(deps.translator, job.locale));
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
