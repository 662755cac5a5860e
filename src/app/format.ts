import { FORMAT_LOCALE, TIME_ZONE } from '../../contracts';
import { plainSpaces } from '../lib/money';

// Money has its own module (src/lib/money.ts); it is re-exported here for the pages that format both.
export { formatMoney, reaisToCents, centsToReaisText } from '../lib/money';

/**
 * Formatting is always Brazilian (pt-BR, BRL, America/Sao_Paulo) whatever the interface language
 * (docs/spec.md §1). Intl puts a no-break space after "R$"; we use a plain space so text reads and
 * compares as 'R$ 1.234,56' (wrap with CSS `white-space: nowrap` where needed).
 */

const number = new Intl.NumberFormat(FORMAT_LOCALE);
const date = new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const time = new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

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

/** → '14:30' in São Paulo time. Invalid input gives ''. */
export function formatTime(input: DateInput): string {
  const value = toDate(input);
  return value ? time.format(value) : '';
}

/** Whether an instant falls on the same São Paulo day as `now` (a time alone then says when). */
export function isSameSaoPauloDay(input: DateInput, now: Date): boolean {
  const value = toDate(input);
  return value !== null && date.format(value) === date.format(now);
}
