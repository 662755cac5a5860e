import * as XLSX from '@e965/xlsx';
import type { FinanceLine } from '../../../contracts/admin-finances';
import { safeCsvCell } from '../../../contracts/recipient-sheet';

/**
 * The period's ledger lines as Brazilian spreadsheets open them: CSV with `;` and a UTF-8 BOM, or XLSX.
 * Text cells are made safe from formula injection by a leading apostrophe (nothing is deleted: a
 * '+55 11…' stays readable); amounts are numbers we wrote, in reais with a decimal comma (CSV) or as
 * numbers (XLSX), so their sums are the page's figures.
 */

const HEADER = [
  'Data',
  'Tipo',
  'Referência',
  'Doação',
  'Meio',
  'Campanha',
  'Categoria',
  'Recorrente',
  'Bruto',
  'Reembolso',
  'Taxa',
  'Líquido',
];

const textCells = (line: FinanceLine) => [
  line.at,
  line.kind === 'refund' ? 'reembolso' : 'doação',
  line.reference,
  line.donation_id ?? '',
  line.method ?? '',
  line.campaign?.title ?? 'Fundo geral',
  line.category?.name ?? '',
  line.recurring ? 'sim' : 'não',
];
const amounts = (line: FinanceLine) => [line.gross, line.refund, line.fee, line.net];
const reais = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function financeCsv(lines: readonly FinanceLine[]): string {
  const rows = [HEADER.map((h) => safeCsvCell(h)).join(';')];
  for (const line of lines) rows.push([...textCells(line).map((c) => safeCsvCell(c)), ...amounts(line).map(reais)].join(';'));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** Text that a spreadsheet would run as a formula, prefixed (as in the CSV). */
const safeText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function financeXlsx(lines: readonly FinanceLine[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    HEADER,
    ...lines.map((line) => [...textCells(line).map(safeText), ...amounts(line).map((cents) => cents / 100)]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Lançamentos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
