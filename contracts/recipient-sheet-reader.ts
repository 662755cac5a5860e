import Papa from 'papaparse';
import * as XLSX from '@e965/xlsx';
import { giftCardMessages as gc } from './gift-card-messages';
import { analyseRecipientRows, RECIPIENT_SHEET_MAX_BYTES, RECIPIENT_SHEET_MAX_ROWS, type RecipientSheet } from './recipient-sheet';

/** What a file is, from its first bytes (never from its name): an xlsx is a zip, an xls an OLE compound file. */
export function sheetKind(bytes: Uint8Array): 'xlsx' | 'xls' | 'text' {
  const starts = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  return 'text';
}

/** UTF-8 (with or without its BOM), else Windows-1252, which older Brazilian Excel writes; null for binary. */
function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // A text file has no NUL bytes; anything else (a PDF, an image) is not a spreadsheet.
  return text.includes('\u0000') ? null : text;
}

/** The separator of the first non-blank line: `;` (Brazilian Excel), `,` or tab, whichever it has most of. */
export function csvSeparator(text: string): ',' | ';' | '\t' {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = ([';', ',', '\t'] as const).map((separator) => [separator, first.split(separator).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: csvSeparator(text),
    skipEmptyLines: false,
    preview: RECIPIENT_SHEET_MAX_ROWS + 20,
  });
  return parsed.data;
}

/** The first sheet's cells as the text the program shows (a formula's last value, never evaluated here). */
function workbookRows(bytes: Uint8Array): string[][] | null {
  try {
    const workbook = XLSX.read(bytes, {
      type: 'array',
      cellFormula: false,
      cellHTML: false,
      sheetRows: RECIPIENT_SHEET_MAX_ROWS + 20,
      dense: true,
    });
    const first = workbook.SheetNames[0];
    const sheet = first ? workbook.Sheets[first] : undefined;
    if (!sheet) return null;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
    // The rows start at the sheet's first used row: lines above it come back as blank rows, so line numbers stay the file's.
    const above = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').s.r;
    return [...Array.from({ length: above }, () => []), ...rows];
  } catch {
    return null;
  }
}

/** Share of the work that reading the file's cells takes; checking its rows is the rest. */
const PARSED_AT = 0.4;

/**
 * A recipients spreadsheet: refused when over 2 MB or not a csv, xls or xlsx; otherwise its recipients
 * and rejected rows. The browser reads it (in a worker, `onProgress` from 0 to 1 driving its progress
 * bar) to show the preview, and the server reads the uploaded bytes again whatever the browser showed.
 */
export function readRecipientSheet(bytes: Uint8Array, onProgress?: (fraction: number) => void): RecipientSheet {
  if (bytes.byteLength > RECIPIENT_SHEET_MAX_BYTES) return { ok: false, problem: gc.sheetTooBig.id };
  const kind = sheetKind(bytes);
  const rows =
    kind === 'text'
      ? (() => {
          const text = decodeText(bytes);
          return text === null ? null : csvRows(text.replace(/^\uFEFF/, ''));
        })()
      : workbookRows(bytes);
  if (rows === null) return { ok: false, problem: gc.sheetType.id };
  onProgress?.(PARSED_AT);
  const sheet = analyseRecipientRows(rows, onProgress && ((fraction) => onProgress(PARSED_AT + (1 - PARSED_AT) * fraction)));
  onProgress?.(1);
  return sheet;
}
