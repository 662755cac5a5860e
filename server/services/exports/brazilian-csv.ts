import { csvFile, csvLines, type CsvCell as WrittenCell } from '../../../contracts/csv';

/** A cell: text (made safe from formulas), or an amount in cents written as reais with a decimal comma. */
export type CsvCell = string | { cents: number };

const reais = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const written = (rows: readonly (readonly CsvCell[])[]): WrittenCell[][] =>
  rows.map((row) => row.map((cell) => (typeof cell === 'string' ? cell : { number: reais(cell.cents) })));

/** Rows of a Brazilian CSV (contracts/csv.ts), each ending in CRLF: a file written in parts is the BOM, then these, page by page. */
export const brazilianCsvLines = (rows: readonly (readonly CsvCell[])[]): string => csvLines(written(rows));

/** A CSV Brazilian Excel opens as it is, amounts as numbers with a decimal comma (contracts/csv.ts has the rules). */
export const brazilianCsv = (rows: readonly (readonly CsvCell[])[]): string => csvFile(written(rows));
