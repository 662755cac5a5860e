import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable (RFC 2045): soft line breaks and =XX bytes, read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface SavedMail {
  path: string;
  raw: string;
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

/** Decodes an RFC 2047 encoded-word subject (=?UTF-8?Q?...?= or ?B?). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? decodeHeader((match[1] as string).replace(/\r?\n[ \t]/g, ' ')) : '';
}

function textPart(raw: string): string {
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: ([\w-]+)\n\n([\s\S]*?)(?:\n--|$)/i.exec(raw);
  if (!part) return '';
  const [, encoding = '', body = ''] = part;
  if (encoding.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The .eml files of the embedded mailbox, oldest first. */
export function readMailbox(folder: string): SavedMail[] {
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const path = join(folder, file);
    const raw = readFileSync(path, 'utf8');
    return { path, raw, to: header(raw, 'To'), subject: header(raw, 'Subject'), text: textPart(raw) };
  });
}

export const resetTokenFrom = (mail: SavedMail): string | null => /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] ?? null;

/** The token of a sign-up's confirmation link (`/signup/confirm?token=…`) in a mail's text. */
export const signUpTokenFrom = (text: string): string | null => /\/signup\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? null;
