import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { csvLines } from '../../contracts/csv';
import { type RecipientSheet } from '../../contracts/recipient-sheet';
import { rejectedRowsCsv } from '../../contracts/rejected-rows-csv';
import { csvSeparator, readRecipientSheet, sheetKind } from '../../contracts/recipient-sheet-reader';

const encode = (text: string) => new TextEncoder().encode(text);
const ok = (sheet: RecipientSheet) => {
  if (!sheet.ok) throw new Error(`refused: ${sheet.problem}`);
  return sheet;
};

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8', edit?: (sheet: XLSX.WorkSheet) => void): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  edit?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Recebedores');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

const people = [
  ['Ana Souza', 'ana@exemplo.com.br'],
  ['Bruno Lima', 'BRUNO@exemplo.com.br'],
];

describe('recipient spreadsheets (docs/spec.md §5)', () => {
  it.each([
    ['; (Brazilian Excel)', ';'],
    [', ', ','],
    ['tab', '\t'],
  ])('csv separated by %s, with and without a UTF-8 BOM', (_name, separator) => {
    const text = [['Nome', 'E-mail'], ...people].map((row) => row.join(separator)).join('\r\n');
    expect(csvSeparator(text)).toBe(separator);
    for (const bytes of [encode(text), encode(`\uFEFF${text}`)]) {
      expect(ok(readRecipientSheet(bytes)).recipients).toEqual([
        { line: 2, name: 'Ana Souza', email: 'ana@exemplo.com.br' },
        { line: 3, name: 'Bruno Lima', email: 'bruno@exemplo.com.br' },
      ]);
    }
  });

  it('a csv saved as Windows-1252 keeps its accents', () => {
    const latin1 = Uint8Array.from(
      [...'Nome;E-mail\r\nJo', 0xe3, ...'o Ara', 0xfa, ...'jo;joao@exemplo.com.br'].map((c) =>
        typeof c === 'number' ? c : c.charCodeAt(0),
      ),
    );
    expect(ok(readRecipientSheet(latin1)).recipients[0]?.name).toBe('João Araújo');
  });

  it.each([
    ['xlsx', 'xlsx'],
    ['xls', 'biff8'],
  ] as const)('%s, found by its bytes whatever its name', (kind, bookType) => {
    const bytes = workbook([['Relação de presentes'], [], ['nombre', 'correo electrónico'], ...people], bookType);
    expect(sheetKind(bytes)).toBe(kind);
    expect(ok(readRecipientSheet(bytes)).recipients.map((r) => [r.line, r.email])).toEqual([
      [4, 'ana@exemplo.com.br'],
      [5, 'bruno@exemplo.com.br'],
    ]);
  });

  it('an xlsx whose table starts further down keeps the line numbers the program shows', () => {
    const sheet = XLSX.utils.sheet_add_aoa(XLSX.utils.aoa_to_sheet([]), [['Nome', 'E-mail'], ...people], { origin: 'B3' });
    // As Excel writes it: the sheet's dimension starts where the table does.
    sheet['!ref'] = 'B3:C5';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Recebedores');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(ok(readRecipientSheet(bytes)).recipients.map((r) => r.line)).toEqual([4, 5]);
  });

  it('headers in pt, en and es; rows refused by line: no name, a bad e-mail, an e-mail already on an earlier line', () => {
    for (const header of [
      ['Nome', 'E-mail'],
      ['Name', 'Email'],
      ['Nombre', 'Correo'],
    ]) {
      const text = [header, ['Ana', 'ana@x.com.br'], ['', 'sem@nome.com'], ['Bia', 'bia@'], [' ', ' '], ['Ana de novo', 'ANA@x.com.br']]
        .map((r) => r.join(';'))
        .join('\n');
      const sheet = ok(readRecipientSheet(encode(text)));
      expect(sheet.recipients).toEqual([{ line: 2, name: 'Ana', email: 'ana@x.com.br' }]);
      expect(sheet.rejected.map((r) => [r.line, r.problems])).toEqual([
        [3, ['validation.name.required']],
        [4, ['validation.email.invalid']],
        [6, ['validation.recipient_sheet.duplicate']],
      ]);
    }
  });

  it('formula cells are read as text, never run; the rejected rows download is safe to open', () => {
    // As Excel writes a cell holding a formula's text: quoted, its quotes doubled.
    const text = 'Nome;E-mail\n"=HYPERLINK(""http://mal.example"";""clique"")";x@y.com\n+55 81 99999-0000;sem-arroba\n';
    const sheet = ok(readRecipientSheet(encode(text)));
    expect(sheet.recipients[0]?.name).toBe('=HYPERLINK("http://mal.example";"clique")');
    const xlsx = workbook(
      [
        ['Nome', 'E-mail'],
        ['Ana', 'placeholder'],
      ],
      'xlsx',
      (s) => {
        s['B2'] = { t: 's', v: 'ana@exemplo.com.br', f: 'LOWER("ANA@EXEMPLO.COM.BR")' };
      },
    );
    expect(ok(readRecipientSheet(xlsx)).recipients[0]?.email).toBe('ana@exemplo.com.br');

    const csv = rejectedRowsCsv(sheet.rejected, ['Linha', 'Nome', 'E-mail', 'Problema'], (id) =>
      id === 'validation.email.invalid' ? 'E-mail inválido' : id,
    );
    expect(csv.startsWith('\uFEFFLinha;Nome;E-mail;Problema\r\n')).toBe(true);
    expect(csv).toContain("3;'+55 81 99999-0000;sem-arroba;E-mail inválido");
    const cell = (value: string) => csvLines([[value]]).slice(0, -2);
    expect(cell('=1+1')).toBe("'=1+1");
    expect(cell('Ana\u0000 Lima\u001b[31m')).toBe('Ana Lima[31m');
    expect(cell('\u0000=1+1')).toBe("'=1+1");
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('-R$ 5,00')).toBe("'-R$ 5,00");
    expect(cell('dito "assim"\nem duas linhas')).toBe('"dito ""assim""\nem duas linhas"');
    // A figure we wrote ourselves stays a number.
    expect(csvLines([['Total', { number: '-5,00' }]])).toBe('Total;-5,00\r\n');
  });

  it('refuses more than 2 MB (2 MB itself is fine), what is not a spreadsheet, and a sheet without the columns', () => {
    const row = 'Pessoa Exemplo da Silva,pessoa.exemplo@exemplo.com.br\n';
    const header = 'Nome,E-mail\n';
    const fill = (size: number) => {
      const body = row.repeat(Math.floor((size - header.length) / row.length));
      return encode(header + body + 'x'.repeat(size - header.length - body.length));
    };
    expect(readRecipientSheet(fill(2 * 1024 * 1024 + 1))).toEqual({ ok: false, problem: 'validation.recipient_sheet.too_big' });
    expect(readRecipientSheet(fill(2 * 1024 * 1024)).ok).toBe(true);
    expect(readRecipientSheet(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2]))).toEqual({
      ok: false,
      problem: 'validation.recipient_sheet.type',
    });
    expect(readRecipientSheet(encode('Cliente;Contato\nAna;ana@x.com'))).toEqual({
      ok: false,
      problem: 'validation.recipient_sheet.no_columns',
    });
    expect(readRecipientSheet(encode('Nome;E-mail\n;\n'))).toEqual({ ok: false, problem: 'validation.recipient_sheet.empty' });
  });

  it('reads 100,000 rows, and refuses a row more', () => {
    const rows = (n: number) => `Nome,E-mail\n${Array.from({ length: n }, (_, i) => `P${i},p${i}@x.co`).join('\n')}`;
    const sheet = ok(readRecipientSheet(encode(rows(100_000))));
    expect(sheet.recipients).toHaveLength(100_000);
    expect(sheet.recipients.at(-1)).toEqual({ line: 100_001, name: 'P99999', email: 'p99999@x.co' });
    expect(readRecipientSheet(encode(rows(100_001)))).toEqual({ ok: false, problem: 'validation.recipient_sheet.too_many_rows' });
  });
});
