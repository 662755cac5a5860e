import { readFileSync } from 'node:fs';

/** Decodes a quoted .po string ("a\"b\n") into its text. */
function unquote(quoted: string): string {
  return JSON.parse(quoted.replace(/\\(?!["\\/bfnrtu])/g, '\\\\')) as string;
}

/**
 * Reads the msgid → msgstr pairs of a gettext .po file, as `lingui extract` writes them
 * (explicit ids, no plural forms, no message context). Untranslated entries (empty msgstr) are left out,
 * so a caller can fall back to another language.
 */
export function parsePo(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  let msgid: string | null = null;
  let msgstr: string | null = null;
  let current: 'msgid' | 'msgstr' | null = null;
  const flush = () => {
    if (msgid && msgstr) entries.set(msgid, msgstr);
    msgid = msgstr = null;
    current = null;
  };
  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) {
      if (line === '') flush();
      continue;
    }
    const keyword = /^(msgid|msgstr)\s+(".*")$/.exec(line);
    if (keyword) {
      if (keyword[1] === 'msgid') {
        flush();
        msgid = unquote(keyword[2] as string);
        current = 'msgid';
      } else {
        msgstr = unquote(keyword[2] as string);
        current = 'msgstr';
      }
    } else if (line.startsWith('"') && current) {
      if (current === 'msgid') msgid = (msgid ?? '') + unquote(line);
      else msgstr = (msgstr ?? '') + unquote(line);
    }
  }
  flush();
  return entries;
}

export function readPoFile(path: string): Map<string, string> {
  try {
    return parsePo(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
}
