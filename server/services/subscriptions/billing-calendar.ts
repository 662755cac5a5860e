import { MONTHLY_RETRY_DAYS } from '../../../contracts/constants';
import { saoPauloDateOf, startOfSaoPauloDay, type CalendarDate } from '../../../contracts/sao-paulo-time';

/**
 * The monthly calendar of a subscription, as pure functions. Dates are calendar days in
 * America/Sao_Paulo; a charge falls due at the start (00:00) of its billing date there. The billing
 * day is the day of the month the donor subscribed on; a month without that day uses its last day,
 * and the next month goes back to the anchor (31 Jan → 28/29 Feb → 31 Mar).
 */
export { saoPauloDateOf, saoPauloOffsetMs, startOfSaoPauloDay, type CalendarDate } from '../../../contracts/sao-paulo-time';

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
