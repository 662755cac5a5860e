import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { sheetNameOf, xlsxStream, type XlsxCell } from '../../server/services/exports/xlsx-stream';

/** The streamed workbook (issue 48, item 1) as a spreadsheet reader sees it. */

async function workbook(name: string, header: string[], pages: XlsxCell[][][]): Promise<{ bytes: Buffer; chunks: number }> {
  async function* each() {
    for (const page of pages) yield page;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream({ name, header }, each())) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

describe('xlsxStream', () => {
  it('writes text as text and numbers as numbers, escaped, page after page, with the sheet named as asked', async () => {
    const pages: XlsxCell[][][] = [
      [["'=1+1", ' espaço ', 12.34]],
      [],
      [
        ['<b>&"</b>', 'sem\u0001controle', -0.5],
        ['ação', 'línea', 0],
      ],
    ];
    const { bytes, chunks } = await workbook('Lançamentos', ['Texto', 'Outro', 'Valor'], pages);
    expect(chunks).toBeGreaterThan(5);
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Lançamentos']);
    const sheet = book.Sheets['Lançamentos'] as XLSX.WorkSheet;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['Texto', 'Outro', 'Valor'],
      ["'=1+1", ' espaço ', 12.34],
      ['<b>&"</b>', 'semcontrole', -0.5],
      ['ação', 'línea', 0],
    ]);
    expect(sheet.A2?.t).toBe('s');
    expect(sheet.C2?.t).toBe('n');
  });

  it('names columns past Z as spreadsheets do, and a sheet name spreadsheets accept', async () => {
    const header = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const { bytes } = await workbook('a/b:c', header, [[header.map((_, i) => i)]]);
    const sheet = XLSX.read(bytes, { type: 'buffer' }).Sheets['a b c'] as XLSX.WorkSheet;
    expect(sheet.AD2?.v).toBe(29);
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
    expect(sheetNameOf('[]')).toBe('Sheet1');
  });

  it('refuses a number a spreadsheet cannot hold', async () => {
    await expect(workbook('S', ['n'], [[[Number.NaN]]])).rejects.toThrow(/not a finite number/);
  });
});
