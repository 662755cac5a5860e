import { z } from 'zod';
import { giftCardMessages as gc } from './gift-card-messages';
import { messages as m } from './messages';
import { isPlainText } from './plain-text';

/**
 * Recipients of corporate gift cards from a spreadsheet (docs/spec.md §5): csv, xls or xlsx of at most
 * 2 MB, the name and e-mail columns found by their header in pt, en or es. Reading the file is the
 * browser's and the server's business (each parses it); what its rows mean is decided here, once.
 */

export const RECIPIENT_SHEET_MAX_BYTES = 2 * 1024 * 1024;
export const RECIPIENT_SHEET_MAX_ROWS = 100_000;
export const RECIPIENT_SHEET_EXTENSIONS = ['csv', 'xls', 'xlsx'] as const;
/** How often a long sheet says how far it got (a browser shows it as a progress bar). */
const PROGRESS_EVERY_ROWS = 5_000;
/** The header row may come after a title or a blank line or two. */
const HEADER_SEARCH_ROWS = 10;

const normalHeader = (cell: unknown): string =>
  String(cell ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[:*]/g, '')
    .replace(/[\s_]+/g, ' ')
    .trim();

const NAME_HEADERS = new Set(['nome', 'nome completo', 'name', 'full name', 'nombre', 'nombre completo', 'recebedor', 'destinatario']);
const EMAIL_HEADERS = new Set([
  'e-mail',
  'email',
  'e mail',
  'endereco de e-mail',
  'email address',
  'e-mail address',
  'correo',
  'correo electronico',
  'correo-e',
]);

export interface SheetRecipient {
  /** The row's line in the file (1 is the first), as a spreadsheet program numbers it. */
  line: number;
  name: string;
  email: string;
}

export interface RejectedSheetRow extends SheetRecipient {
  /** Message ids, in the order the row's cells come. */
  problems: string[];
}

export type RecipientSheet = { ok: true; recipients: SheetRecipient[]; rejected: RejectedSheetRow[] } | { ok: false; problem: string };

const emailShape = z.email();

const cellText = (cell: unknown): string => (cell === null || cell === undefined ? '' : String(cell)).trim();

/**
 * What the rows of a sheet (cells as read, formulas as their text, never evaluated) give: the valid
 * recipients and each rejected row with its line and why (no name, a bad e-mail, an e-mail that an
 * earlier row has). Blank rows are skipped.
 */
export function analyseRecipientRows(rows: readonly (readonly unknown[])[], onProgress?: (fraction: number) => void): RecipientSheet {
  let header = -1;
  let nameColumn = -1;
  let emailColumn = -1;
  for (let row = 0, seen = 0; row < rows.length && seen < HEADER_SEARCH_ROWS && header < 0; row++) {
    const cells = (rows[row] ?? []).map(normalHeader);
    if (cells.every((c) => c === '')) continue;
    seen++;
    nameColumn = cells.findIndex((c) => NAME_HEADERS.has(c));
    emailColumn = cells.findIndex((c) => EMAIL_HEADERS.has(c));
    if (nameColumn >= 0 && emailColumn >= 0) header = row;
  }
  if (header < 0) return { ok: false, problem: gc.sheetNoColumns.id };

  const recipients: SheetRecipient[] = [];
  const rejected: RejectedSheetRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (let row = header + 1; row < rows.length; row++) {
    if (onProgress && row % PROGRESS_EVERY_ROWS === 0) onProgress(row / rows.length);
    const cells = rows[row] ?? [];
    const name = cellText(cells[nameColumn]);
    const email = cellText(cells[emailColumn]).toLowerCase();
    if (name === '' && email === '') continue;
    if (recipients.length + rejected.length >= RECIPIENT_SHEET_MAX_ROWS) return { ok: false, problem: gc.sheetTooManyRows.id };
    const line = row + 1;
    const problems: string[] = [];
    if (name === '') problems.push(m.nameRequired.id);
    else if (!isPlainText(name) || name.length > 120) problems.push(m.invalidCharacters.id);
    if (email === '') problems.push(m.emailRequired.id);
    else if (email.length > 254 || !emailShape.safeParse(email).success) problems.push(m.emailInvalid.id);
    else if (firstLineOf.has(email)) problems.push(gc.sheetRowDuplicate.id);
    else firstLineOf.set(email, line);
    if (problems.length > 0) rejected.push({ line, name, email, problems });
    else recipients.push({ line, name, email });
  }
  if (recipients.length === 0 && rejected.length === 0) return { ok: false, problem: gc.sheetEmpty.id };
  return { ok: true, recipients, rejected };
}
