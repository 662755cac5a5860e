import * as XLSX from '@e965/xlsx';
import type { FinanceLine } from '../../../contracts/admin-finances';
import { formulaSafe } from '../../../contracts/csv';
import { brazilianCsv, type CsvCell } from '../exports/brazilian-csv';
import { exportWords, type ExportText } from '../exports/export-words';

/**
 * The period's ledger lines as Brazilian spreadsheets open them: CSV with `;` and a UTF-8 BOM, or XLSX,
 * in the words of the admin who asked (the payment method's code in a column of its own) and with
 * dates and times in São Paulo (export-words.ts). Text cells are made safe from formula injection by a leading apostrophe (nothing is deleted: a
 * '+55 11…' stays readable); amounts are numbers we wrote, in reais with a decimal comma (CSV) or as
 * numbers (XLSX), so their sums are the page's figures.
 */

export const financeCsvHeader = (w: ExportText): string[] =>
  [
    exportWords.date,
    exportWords.kind,
    exportWords.reference,
    exportWords.donation,
    exportWords.method,
    exportWords.methodCode,
    exportWords.campaign,
    exportWords.category,
    exportWords.recurring,
    exportWords.gross,
    exportWords.refund,
    exportWords.fee,
    exportWords.net,
  ].map(w.t);

const KIND_WORDS = {
  donation: exportWords.kindDonation,
  refund: exportWords.kindRefund,
  chargeback: exportWords.kindChargeback,
  fee: exportWords.kindFee,
} as const satisfies Record<FinanceLine['kind'], unknown>;

/** The line's own id (a donation's, refund's or payment's): its kind is the column before, never `donation:<id>`. */
const referenceOf = (line: FinanceLine) => line.reference.slice(line.reference.indexOf(':') + 1);

const textCells = (line: FinanceLine, w: ExportText) => [
  w.dateTime(line.at),
  w.t(KIND_WORDS[line.kind]),
  referenceOf(line),
  line.donation_id ?? '',
  w.method(line.method),
  line.method ?? '',
  line.campaign?.title ?? w.t(exportWords.generalFund),
  line.category?.name ?? '',
  w.t(line.recurring ? exportWords.yes : exportWords.no),
];
const amounts = (line: FinanceLine) => [line.gross, line.refund, line.fee, line.net];

/** The lines as CSV rows (a background export writes them a week at a time). */
export const financeCsvRows = (lines: readonly FinanceLine[], w: ExportText): CsvCell[][] =>
  lines.map((line) => [...textCells(line, w), ...amounts(line).map((cents) => ({ cents }))]);

export const financeCsv = (lines: readonly FinanceLine[], w: ExportText): string =>
  brazilianCsv([financeCsvHeader(w), ...financeCsvRows(lines, w)]);

export function financeXlsx(lines: readonly FinanceLine[], w: ExportText): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    financeCsvHeader(w),
    ...lines.map((line) => [...textCells(line, w).map(formulaSafe), ...amounts(line).map((cents) => cents / 100)]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, w.t(exportWords.ledgerSheet));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
