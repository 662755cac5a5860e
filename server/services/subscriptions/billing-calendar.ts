import { MONTHLY_RETRY_DAYS, TIME_ZONE } from '../../../contracts/constants';

/**
 * The monthly calendar of a subscription, as pure functions. Dates are calendar days in
 * America/Sao_Paulo; a charge falls due at the start (00:00) of its billing date there. The billing
 * day is the day of the month the donor subscribed on; a month without that day uses its last day,
 * and the next month goes back to the anchor (31 Jan → 28/29 Feb → 31 Mar).
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

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day of a month a subscription with this billing day is charged on. */
export function billingDateIn(year: number, month: number, billingDay: number): CalendarDate {
  return { year, month, day: Math.min(billingDay, daysInMonth(year, month)) };
}

function shiftMonth(date: Pick<CalendarDate, 'year' | 'month'>, months: number): { year: number; month: number } {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The billing day of a subscription created at `instant`: that day of the month in São Paulo. */
export const billingDayOf = (instant: Date): number => saoPauloDateOf(instant).day;

/** The due date of the month a subscription created at `instant` pays at once: that day's start. */
export const firstPeriodStart = (instant: Date): Date => startOfSaoPauloDay(saoPauloDateOf(instant));

/** The due date of the month after the one starting at `periodStart`: when its credit expires. */
export function nextDueDate(periodStart: Date, billingDay: number): Date {
  const next = shiftMonth(saoPauloDateOf(periodStart), 1);
  return startOfSaoPauloDay(billingDateIn(next.year, next.month, billingDay));
}

/** The first due date strictly after `instant` (resuming: the skipped months are not charged). */
export function nextBillingDateAfter(instant: Date, billingDay: number): Date {
  const today = saoPauloDateOf(instant);
  for (let months = 0; ; months++) {
    const m = shiftMonth(today, months);
    const due = startOfSaoPauloDay(billingDateIn(m.year, m.month, billingDay));
    if (due.getTime() > instant.getTime()) return due;
  }
}

/** The latest due date at or before `instant` (the month that is running now). */
export function latestBillingDateAtOrBefore(instant: Date, billingDay: number): Date {
  const today = saoPauloDateOf(instant);
  for (let months = 0; ; months--) {
    const m = shiftMonth(today, months);
    const due = startOfSaoPauloDay(billingDateIn(m.year, m.month, billingDay));
    if (due.getTime() <= instant.getTime()) return due;
  }
}

/** Adds calendar days in São Paulo (a day is not always 24 h where the offset changes). */
export function addSaoPauloDays(instant: Date, days: number): Date {
  const d = saoPauloDateOf(instant);
  const moved = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return startOfSaoPauloDay({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

/**
 * When the retry after failed attempt `attempt` (0 = the due date's charge) runs: 1, 3 and 7 days
 * after the due date; null when the retries are used up.
 */
export function retryAt(periodStart: Date, attempt: number): Date | null {
  const days = MONTHLY_RETRY_DAYS[attempt];
  return days === undefined ? null : addSaoPauloDays(periodStart, days);
}
