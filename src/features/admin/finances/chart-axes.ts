import { CURRENCY, FORMAT_LOCALE, TIME_ZONE } from '../../../../contracts';
import { plainSpaces } from '../../../lib/money';

/**
 * What the finances chart puts on its axes, as pure functions (the chart is uPlot, which only asks for
 * tick positions and their texts). The x axis is the period's days in order, one bar each, including
 * the days nobody gave (the API sends only days with donations); it is labelled by day ('20/11') for
 * periods up to three months, and by month, in the interface's language, beyond. The y axis is reais,
 * Brazilian whatever the language (docs/spec.md §1).
 */

const DAY_MS = 86_400_000;
/** Up to this many days the axis names days; beyond, months. */
export const LONGEST_DAILY_AXIS = 92;
/** Room a label needs, in CSS pixels, before the next one ('20/11', 'set.'). */
const LABEL_ROOM = 52;

/** Every 'YYYY-MM-DD' from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The gross of each day of the period, in cents, 0 on a day without donations. */
export function grossByDay(days: readonly string[], daily: ReadonlyArray<{ day: string; gross: number }>): number[] {
  const byDay = new Map(daily.map((d) => [d.day, d.gross]));
  return days.map((day) => byDay.get(day) ?? 0);
}

export type AxisUnit = 'day' | 'month';

export const axisUnit = (days: readonly string[]): AxisUnit => (days.length <= LONGEST_DAILY_AXIS ? 'day' : 'month');

/** The smallest step of `steps` that leaves every label its room on `width` pixels. */
function stepFor(count: number, width: number, steps: readonly number[]): number {
  const fits = Math.max(1, Math.floor(width / LABEL_ROOM));
  return steps.find((step) => Math.ceil(count / step) <= fits) ?? Math.ceil(count / fits);
}

/**
 * The days (their indexes) that get a label on an axis `width` pixels wide: every day when they fit,
 * else every 2nd, 3rd, 7th… from the first; for long periods the first day of every month (or of every
 * 2nd, 3rd, 6th, 12th month).
 */
export function tickIndexes(days: readonly string[], width: number): number[] {
  if (axisUnit(days) === 'day') {
    const step = stepFor(days.length, width, [1, 2, 3, 7, 14]);
    return days.flatMap((_, i) => (i % step === 0 ? [i] : []));
  }
  const monthStarts = days.flatMap((day, i) => (day.endsWith('-01') ? [i] : []));
  const step = stepFor(monthStarts.length, width, [1, 2, 3, 6, 12]);
  return monthStarts.filter((_, n) => n % step === 0);
}

const months = new Map<string, Intl.DateTimeFormat>();
function monthFormat(locale: string): Intl.DateTimeFormat {
  let format = months.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: TIME_ZONE });
    months.set(locale, format);
  }
  return format;
}

/**
 * A day's label: '20/11' by day; by month, the month's short name in the interface's language
 * (`locale`, e.g. 'pt-BR' → 'nov', 'en' → 'Nov'), with its year when the period spans more than one.
 */
export function dayLabel(day: string, unit: AxisUnit, locale: string, withYear: boolean): string {
  if (unit === 'day') return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  // Noon UTC is the same calendar day in São Paulo.
  const month = monthFormat(locale)
    .format(new Date(`${day.slice(0, 7)}-01T12:00:00Z`))
    .replace(/\.$/, '');
  return withYear ? `${month} ${day.slice(0, 4)}` : month;
}

/** Whether the days cross a new year (their month labels then carry it). */
export const spansYears = (days: readonly string[]): boolean => days.length > 0 && days[0]!.slice(0, 4) !== days.at(-1)!.slice(0, 4);

const wholeReais = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 });
const reaisAndCents = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });

/** A y tick: 'R$ 1.000', 'R$ 0' — cents only when the tick has them ('R$ 0,50'). */
export function moneyTick(cents: number): string {
  const rounded = Math.round(cents);
  return plainSpaces((rounded % 100 === 0 ? wholeReais : reaisAndCents).format(rounded / 100));
}

/** The top of the y axis: a tenth above the highest day, and R$ 100 when nothing was given. */
export const yTop = (gross: readonly number[]): number => {
  const highest = Math.max(0, ...gross);
  return highest > 0 ? highest * 1.1 : 10_000;
};
