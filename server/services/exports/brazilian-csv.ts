import { safeCsvCell } from '../../../contracts/recipient-sheet';

/** A cell: text (made safe from formulas), or an amount in cents written as reais with a decimal comma. */
export type CsvCell = string | { cents: number };

const reais = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Excel reads a CSV as UTF-8 only when it starts with this mark. */
export const CSV_BOM = '\uFEFF';

/** Rows of a Brazilian CSV, each ending in CRLF: a file written in parts is the BOM, then these, page by page. */
export const brazilianCsvLines = (rows: readonly (readonly CsvCell[])[]): string =>
  rows.map((row) => `${row.map((cell) => (typeof cell === 'string' ? safeCsvCell(cell) : reais(cell.cents))).join(';')}\r\n`).join('');

/**
 * A CSV Brazilian Excel opens as it is: UTF-8 BOM, `;` between cells, CRLF between rows. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe (nothing is deleted); amounts are numbers
 * we wrote, so they are left as numbers.
 */
export const brazilianCsv = (rows: readonly (readonly CsvCell[])[]): string => `${CSV_BOM}${brazilianCsvLines(rows)}`;
