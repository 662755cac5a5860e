import Papa from 'papaparse';

/**
 * The one CSV writer (finances, donations, gift-card codes, a sheet's rejected rows): what Brazilian
 * Excel opens as it is — `;` between cells, CRLF after every row, and a file that starts with the UTF-8
 * BOM. papaparse does the quoting; the two rules a spreadsheet needs on top are here, once. Kept out of
 * `contracts/index.ts` so papaparse never rides along into a page that writes no CSV.
 */

/** Excel reads a CSV as UTF-8 only when it starts with this mark. */
export const CSV_BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe. */
export const formulaSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

// eslint-disable-next-line no-control-regex -- these very characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A cell: text someone typed, which is made safe (formulas get the apostrophe and nothing visible is
 * deleted, so a '+55 81…' phone stays readable; control characters, which no program shows and some
 * stop reading at, are dropped), or `{ number }`, a figure we wrote ourselves ('-5,00'), kept as it is.
 */
export type CsvCell = string | { number: string };

const cellText = (cell: CsvCell): string => (typeof cell === 'string' ? formulaSafe(cell.replace(CONTROL_CHARACTERS, '')) : cell.number);

/** The rows, each ending in CRLF (no BOM): a file written in parts is the BOM, then these, part by part. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((row) => row.map(cellText)),
    { delimiter: ';', newline: '\r\n', quoteChar: '"' },
  )}\r\n`;
}

/** A whole CSV file: the BOM, then the rows. */
export const csvFile = (rows: readonly (readonly CsvCell[])[]): string => `${CSV_BOM}${csvLines(rows)}`;
