import { TIME_ZONE } from './constants';

/**
 * Calendar days and wall-clock times in America/Sao_Paulo (the product's time zone), as pure
 * functions shared by the server (billing, scheduled deliveries) and the web app (date pickers).
 */
export interface CalendarDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function wallClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const byType = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { year: byType.year!, month: byType.month!, day: byType.day!, hour: byType.hour!, minute: byType.minute!, second: byType.second! };
}

/** How far São Paulo's wall clock is from UTC at that instant (−3 h since 2019, when summer time ended). */
export function saoPauloOffsetMs(instant: Date): number {
  const w = wallClock(instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar day an instant falls on in São Paulo. */
export function saoPauloDateOf(instant: Date): CalendarDate {
  const w = wallClock(instant);
  return { year: w.year, month: w.month, day: w.day };
}

/** 00:00 of that day in São Paulo, as an instant. */
export function startOfSaoPauloDay(date: CalendarDate): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  // The offset is read at the guess and again at the result, which settles it even across an offset change.
  const guess = wall - saoPauloOffsetMs(new Date(wall));
  return new Date(wall - saoPauloOffsetMs(new Date(guess)));
}

/** That day's wall-clock time in São Paulo (e.g. a delivery chosen as 24/12 at 09:00), as an instant. */
export function saoPauloInstant(date: CalendarDate, hour: number, minute: number): Date {
  return new Date(startOfSaoPauloDay(date).getTime() + (hour * 60 + minute) * 60_000);
}

/** 'YYYY-MM-DD' of a calendar day. */
export const dayText = (date: CalendarDate): string =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

const calendarOf = (day: string): CalendarDate => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};

/** The São Paulo day an instant falls on, as 'YYYY-MM-DD'. */
export const saoPauloDayText = (instant: Date): string => dayText(saoPauloDateOf(instant));

/** 00:00 in São Paulo of a 'YYYY-MM-DD' day. */
export const startOfSaoPauloDayText = (day: string): Date => startOfSaoPauloDay(calendarOf(day));

/** When a 'YYYY-MM-DD' day ends in São Paulo (the next day's 00:00): a last day counts whole. */
export function endOfSaoPauloDayText(day: string): Date {
  const { year, month, day: date } = calendarOf(day);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return startOfSaoPauloDay({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
}

/**
 * The last São Paulo day before an end instant, as 'YYYY-MM-DD': a campaign ending at 01/04 00:00
 * takes donations through 31/03, and 31/03 is what people read (endOfSaoPauloDayText's inverse).
 */
export const lastSaoPauloDayBefore = (end: Date): string => saoPauloDayText(new Date(end.getTime() - 1));
