import type { FinanceLine } from '../../../contracts/admin-finances';
import { CSV_BOM, formulaSafe } from '../../../contracts/csv';
import { brazilianCsvLines, type CsvCell } from '../exports/brazilian-csv';
import { exportWords, type ExportText } from '../exports/export-words';
import { xlsxStream } from '../exports/xlsx-stream';

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

/** The lines as CSV rows (an export writes them a page at a time). */
export const financeCsvRows = (lines: readonly FinanceLine[], w: ExportText): CsvCell[][] =>
  lines.map((line) => [...textCells(line, w), ...amounts(line).map((cents) => ({ cents }))]);

/**
 * The period's file, chunk by chunk, from its lines read page by page (finance-pages.ts): the background
 * export and the direct one write the same bytes. CSV: the BOM and header, then a chunk per page. XLSX: a
 * workbook streamed row by row (xlsx-stream.ts), its sheet named in the admin's language.
 */
export function financeFileParts(
  format: 'csv' | 'xlsx',
  pages: AsyncIterable<readonly FinanceLine[]>,
  w: ExportText,
): AsyncIterable<Buffer> {
  if (format === 'xlsx') {
    const rows = async function* () {
      for await (const lines of pages)
        yield lines.map((line) => [...textCells(line, w).map(formulaSafe), ...amounts(line).map((cents) => cents / 100)]);
    };
    return xlsxStream({ name: w.t(exportWords.ledgerSheet), header: financeCsvHeader(w) }, rows());
  }
  return (async function* () {
    yield Buffer.from(CSV_BOM + brazilianCsvLines([financeCsvHeader(w)]), 'utf8');
    for await (const lines of pages) if (lines.length > 0) yield Buffer.from(brazilianCsvLines(financeCsvRows(lines, w)), 'utf8');
  })();
}
