/**
 * Dates are typed the Brazilian way, dd/mm/aaaa, whatever the browser's locale (docs/spec.md §1: formatting
 * is always pt-BR), while forms and the API carry ISO calendar dates (YYYY-MM-DD).
 */

/** Keeps up to 8 digits and places the slashes: '0803199' → '08/03/199'. */
export function maskDateText(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/**
 * '08/03/1992' → '1992-03-08'; '' → null. Anything incomplete is returned as typed, so the form's
 * schema rejects it with its own message instead of the field silently dropping it.
 */
export function dateTextToIso(text: string): string | null {
  if (text === '') return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text;
}

/** '1992-03-08' → '08/03/1992'; null or '' → ''; a half-typed value stays as it is. */
export function isoToDateText(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}
