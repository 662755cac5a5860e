import * as XLSX from '@e965/xlsx';
import type { FinanceLine } from '../../../contracts/admin-finances';
import { formulaSafe } from '../../../contracts/recipient-sheet';
import { brazilianCsv } from '../exports/brazilian-csv';

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

export const financeCsv = (lines: readonly FinanceLine[]): string =>
  brazilianCsv([HEADER, ...lines.map((line) => [...textCells(line), ...amounts(line).map((cents) => ({ cents }))])]);

export function financeXlsx(lines: readonly FinanceLine[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    HEADER,
    ...lines.map((line) => [...textCells(line).map(formulaSafe), ...amounts(line).map((cents) => cents / 100)]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Lançamentos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
