import { TIME_ZONE } from '../../../contracts/constants';

/**
 * The recurring jobs' cron expressions read by the job runner itself (job-runner.ts): five fields
 * (minute, hour, day of the month, month, day of the week; `*`, numbers, `a-b` ranges, `/n` steps and
 * `,` lists), matched against one minute of São Paulo's wall clock. pg-boss's own timekeeper did this with
 * cron-parser and luxon: 15–30 ms of the event loop per expression, every expression at once every 30 s,
 * so a quarter of a second during which /health and every request waited (issue 48, item 1). Reading the
 * fields here costs microseconds; the wall clock is read once per check.
 */

interface Field {
  min: number;
  max: number;
}

const FIELDS: readonly Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 }, // 0 and 7 are both Sunday
];

/** A parsed expression: each field's allowed values, and whether the two day fields were restricted. */
export interface CronTable {
  allowed: ReadonlyArray<ReadonlySet<number>>;
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

function valuesOf(text: string, field: Field, expression: string): Set<number> {
  const values = new Set<number>();
  const number = (part: string) => {
    if (!/^\d+$/.test(part)) throw new Error(`cron: '${part}' is not a number in '${expression}'`);
    const value = Number(part);
    if (value < field.min || value > field.max) throw new Error(`cron: ${value} is out of ${field.min}-${field.max} in '${expression}'`);
    return value;
  };
  for (const item of text.split(',')) {
    const [range = '', stepText] = item.split('/');
    const step = stepText === undefined ? 1 : number(stepText);
    if (step < 1) throw new Error(`cron: a step of 0 in '${expression}'`);
    const [from, to] =
      range === '*'
        ? [field.min, field.max]
        : range.includes('-')
          ? (range.split('-').map(number) as [number, number])
          : [number(range), stepText === undefined ? number(range) : field.max];
    if (from > to) throw new Error(`cron: ${from}-${to} runs backwards in '${expression}'`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Reads an expression; throws on one it cannot read (the runner refuses to start with it). */
export function parseCron(expression: string): CronTable {
  const texts = expression.trim().split(/\s+/);
  if (texts.length !== 5) throw new Error(`cron: '${expression}' needs 5 fields`);
  const allowed = texts.map((text, i) => valuesOf(text, FIELDS[i] as Field, expression));
  const dayOfWeek = allowed[4] as Set<number>;
  if (dayOfWeek.has(7)) dayOfWeek.add(0);
  return { allowed, dayOfMonthRestricted: texts[2] !== '*', dayOfWeekRestricted: texts[4] !== '*' };
}

/** One minute of the wall clock, as the cron fields name it. */
export interface WallMinute {
  minute: number;
  hour: number;
  day: number;
  month: number;
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  minute: 'numeric',
  hour: 'numeric',
  day: 'numeric',
  month: 'numeric',
  weekday: 'short',
  hourCycle: 'h23',
});

/** The São Paulo minute `at` falls in. */
export function saoPauloMinute(at: Date): WallMinute {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    minute: Number(parts.minute),
    hour: Number(parts.hour),
    day: Number(parts.day),
    month: Number(parts.month),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** Whether the expression fires in that minute (both day fields restricted: either one, as cron has it). */
export function firesAt(table: CronTable, at: WallMinute): boolean {
  const [minutes, hours, days, months, weekdays] = table.allowed as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (!minutes.has(at.minute) || !hours.has(at.hour) || !months.has(at.month)) return false;
  if (table.dayOfMonthRestricted && table.dayOfWeekRestricted) return days.has(at.day) || weekdays.has(at.weekday);
  return days.has(at.day) && weekdays.has(at.weekday);
}
