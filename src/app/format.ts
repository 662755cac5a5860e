import { CURRENCY, FORMAT_LOCALE, TIME_ZONE } from '../../contracts';

/**
 * Formatting is always Brazilian (pt-BR, BRL, America/Sao_Paulo) whatever the interface language
 * (docs/spec.md §1). Intl puts a no-break space after "R$"; we use a plain space so text reads and
 * compares as 'R$ 1.234,56' (wrap with CSS `white-space: nowrap` where needed).
 */

const money = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });
const number = new Intl.NumberFormat(FORMAT_LOCALE);
const date = new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** Integer cents → 'R$ 1.234,56' (negative: '-R$ 5,00'). */
export function formatMoney(cents: number): string {
  return plainSpaces(money.format(Math.round(cents) / 100));
}

/** 1234567 → '1.234.567'. */
export function formatNumber(value: number): string {
  return number.format(value);
}

type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(input: DateInput): Date | null {
  const value = input instanceof Date ? input : new Date(input);
  return Number.isNaN(value.getTime()) ? null : value;
}

/**
 * → '22/11/2026' in São Paulo time. A calendar date ('2026-11-22', e.g. a birth date) has no time
 * zone and is shown as written. Invalid input gives ''.
 */
export function formatDate(input: DateInput): string {
  if (typeof input === 'string') {
    const m = DATE_ONLY.exec(input);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const value = toDate(input);
  return value ? date.format(value) : '';
}

/** → '22/11/2026 14:30' in São Paulo time. Invalid input gives ''. */
export function formatDateTime(input: DateInput): string {
  const value = toDate(input);
  return value ? plainSpaces(dateTime.format(value)).replace(', ', ' ') : '';
}

/** A money text typed in reais ('50', '50,5', '1.234,56', 'R$ 20') → cents, or null when it is not one. */
export function reaisToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^R\$\s*/, '')
    .replace(/\./g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Cents → the text a money field shows, as typed in Brazil: 2550 → '25,50', 5000 → '50', 123456 → '1234,56'. */
export function centsToReaisText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');
}
