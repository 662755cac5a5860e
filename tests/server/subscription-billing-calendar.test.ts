import { describe, expect, it } from 'vitest';
import {
  addSaoPauloDays,
  billingDateIn,
  billingDayOf,
  daysInMonth,
  firstPeriodStart,
  latestBillingDateAtOrBefore,
  nextBillingDateAfter,
  nextDueDate,
  retryAt,
  saoPauloDateOf,
  saoPauloOffsetMs,
  startOfSaoPauloDay,
} from '../../server/services/subscriptions/billing-calendar';

const HOUR_MS = 60 * 60 * 1000;
/** 00:00 in São Paulo (UTC−3) is 03:00 UTC. */
const midnight = (isoDay: string) => new Date(`${isoDay}T03:00:00.000Z`);

/** The due dates of a year of a subscription anchored on `billingDay`, from its first period. */
function dueDates(first: Date, billingDay: number, months: number): string[] {
  const out: string[] = [];
  let period = first;
  for (let i = 0; i < months; i++) {
    period = nextDueDate(period, billingDay);
    const d = saoPauloDateOf(period);
    out.push(`${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`);
  }
  return out;
}

describe('billing calendar (America/Sao_Paulo)', () => {
  it('São Paulo is UTC−3 all year since summer time ended in 2019', () => {
    for (const iso of [
      '2019-06-01T12:00:00Z',
      '2024-01-15T12:00:00Z',
      '2025-11-02T12:00:00Z',
      '2027-02-20T12:00:00Z',
      '2028-10-15T02:30:00Z',
    ]) {
      expect(saoPauloOffsetMs(new Date(iso))).toBe(-3 * HOUR_MS);
    }
  });

  it('the day of an instant is the São Paulo day: 01:00 UTC on the 1st is still the 31st there', () => {
    expect(saoPauloDateOf(new Date('2027-02-01T01:00:00Z'))).toEqual({ year: 2027, month: 1, day: 31 });
    expect(billingDayOf(new Date('2027-02-01T01:00:00Z'))).toBe(31);
    expect(billingDayOf(new Date('2027-02-01T03:00:00Z'))).toBe(1);
    expect(startOfSaoPauloDay({ year: 2027, month: 1, day: 31 }).toISOString()).toBe('2027-01-31T03:00:00.000Z');
    expect(firstPeriodStart(new Date('2027-02-01T01:00:00Z')).toISOString()).toBe('2027-01-31T03:00:00.000Z');
  });

  it('knows month lengths, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(billingDateIn(2027, 4, 31)).toEqual({ year: 2027, month: 4, day: 30 });
    expect(billingDateIn(2028, 2, 30)).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('a subscription from 31 January falls due on the last day of shorter months and goes back to the 31st', () => {
    expect(dueDates(midnight('2027-01-31'), 31, 12)).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
    ]);
    // A leap February takes the 29th.
    expect(dueDates(midnight('2028-01-31'), 31, 2)).toEqual(['2028-02-29', '2028-03-31']);
  });

  it('the 29th and 30th shift only in February, and the 29th is back in March', () => {
    expect(dueDates(midnight('2027-01-29'), 29, 3)).toEqual(['2027-02-28', '2027-03-29', '2027-04-29']);
    expect(dueDates(midnight('2028-01-29'), 29, 2)).toEqual(['2028-02-29', '2028-03-29']);
    expect(dueDates(midnight('2027-01-30'), 30, 3)).toEqual(['2027-02-28', '2027-03-30', '2027-04-30']);
    expect(dueDates(midnight('2027-11-15'), 15, 3)).toEqual(['2027-12-15', '2028-01-15', '2028-02-15']);
  });

  it('resuming waits for the next due date after now; today counts only before it starts', () => {
    expect(nextBillingDateAfter(new Date('2027-03-10T15:00:00Z'), 31).toISOString()).toBe(midnight('2027-03-31').toISOString());
    expect(nextBillingDateAfter(new Date('2027-03-31T15:00:00Z'), 31).toISOString()).toBe(midnight('2027-04-30').toISOString());
    expect(nextBillingDateAfter(new Date('2027-02-28T02:59:59Z'), 31).toISOString()).toBe(midnight('2027-02-28').toISOString());
    expect(nextBillingDateAfter(new Date('2027-12-31T12:00:00Z'), 5).toISOString()).toBe(midnight('2028-01-05').toISOString());
  });

  it('the month running now starts at the latest due date at or before now', () => {
    expect(latestBillingDateAtOrBefore(new Date('2027-03-10T15:00:00Z'), 31).toISOString()).toBe(midnight('2027-02-28').toISOString());
    expect(latestBillingDateAtOrBefore(midnight('2027-03-31'), 31).toISOString()).toBe(midnight('2027-03-31').toISOString());
    expect(latestBillingDateAtOrBefore(new Date('2027-01-03T12:00:00Z'), 15).toISOString()).toBe(midnight('2026-12-15').toISOString());
  });

  it('retries run 1, 3 and 7 days after the due date, then there are none', () => {
    const due = midnight('2027-02-28');
    expect(retryAt(due, 0)?.toISOString()).toBe(midnight('2027-03-01').toISOString());
    expect(retryAt(due, 1)?.toISOString()).toBe(midnight('2027-03-03').toISOString());
    expect(retryAt(due, 2)?.toISOString()).toBe(midnight('2027-03-07').toISOString());
    expect(retryAt(due, 3)).toBeNull();
    expect(addSaoPauloDays(midnight('2028-02-28'), 1).toISOString()).toBe(midnight('2028-02-29').toISOString());
  });
});
