import { safeCsvCell } from '../../../contracts/recipient-sheet';

/** A cell: text (made safe from formulas), or an amount in cents written as reais with a decimal comma. */
export type CsvCell = string | { cents: number };

const reais = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * A CSV Brazilian Excel opens as it is: UTF-8 BOM, `;` between cells, CRLF between rows. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe (nothing is deleted); amounts are numbers
 * we wrote, so they are left as numbers.
 */
export const brazilianCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${rows.map((row) => row.map((cell) => (typeof cell === 'string' ? safeCsvCell(cell) : reais(cell.cents))).join(';')).join('\r\n')}\r\n`;
