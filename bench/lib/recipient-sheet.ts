import * as XLSX from '@e965/xlsx';
import { readRecipientSheet } from '../../contracts/recipient-sheet-reader';

export interface SheetTimes {
  rows: number;
  csvMedianMs: number;
  xlsxMedianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function timed(bytes: Uint8Array, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const sheet = readRecipientSheet(bytes);
    times.push(performance.now() - started);
    if (!sheet.ok) throw new Error(`benchmark sheet refused: ${sheet.problem}`);
  }
  return median(times);
}

/** Server-side reading of a corporate order's recipients spreadsheet (the database plays no part). */
export function measureRecipientSheet(rows = 10_000, runs = 7): SheetTimes {
  const people = Array.from({ length: rows }, (_, i) => [`Pessoa ${i} da Silva`, `pessoa${i}@empresa.com.br`]);
  const csv = new TextEncoder().encode(`\uFEFFNome;E-mail\r\n${people.map((p) => p.join(';')).join('\r\n')}`);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Nome', 'E-mail'], ...people]), 'Recebedores');
  const xlsx = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  return { rows, csvMedianMs: timed(csv, runs), xlsxMedianMs: timed(xlsx, runs) };
}
