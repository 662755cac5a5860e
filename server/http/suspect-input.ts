import { isPlainText } from '../../contracts/plain-text';

/** Strings longer than this are named too: a database may refuse them as too long (SQLSTATE 22001). */
const LONG_TEXT = 1000;
const MAX_DEPTH = 20;
const MAX_NAMES = 20;

/**
 * The names (never the values) of the request's fields that look like what the database refused:
 * text with control characters or lone surrogates, very long text, numbers beyond safe integers.
 * E.g. ['body.contact.name', 'params.slug'].
 */
export function suspectInputFields(parts: Record<string, unknown>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (found.length >= MAX_NAMES || depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (!isPlainText(value, { multiline: true }) || value.length > LONG_TEXT) found.push(path);
    } else if (typeof value === 'number') {
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, `${path}.${isPlainText(key) ? key : '?'}`, depth + 1);
    }
  };
  for (const [name, value] of Object.entries(parts)) visit(value, name, 0);
  return found;
}
