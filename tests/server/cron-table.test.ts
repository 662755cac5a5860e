import { describe, expect, it } from 'vitest';
import { firesAt, parseCron, saoPauloMinute } from '../../server/services/jobs/cron-table';

const at = (iso: string) => saoPauloMinute(new Date(iso));
const fires = (expression: string, iso: string) => firesAt(parseCron(expression), at(iso));

describe("the job runner's cron table (São Paulo wall clock)", () => {
  it('reads the instant in São Paulo: 03:17 UTC on a Monday is 00:17 there', () => {
    expect(at('2026-11-30T03:17:40Z')).toEqual({ minute: 17, hour: 0, day: 30, month: 11, weekday: 1 });
    expect(at('2026-11-30T02:59:59Z')).toEqual({ minute: 59, hour: 23, day: 29, month: 11, weekday: 0 });
  });

  it('fires every minute, every quarter hour, and at one minute of each hour', () => {
    expect(fires('* * * * *', '2026-11-30T03:17:00Z')).toBe(true);
    expect(['00', '15', '30', '45', '16'].map((m) => fires('*/15 * * * *', `2026-11-30T03:${m}:10Z`))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(fires('17 * * * *', '2026-11-30T14:17:59Z')).toBe(true);
    expect(fires('17 * * * *', '2026-11-30T14:18:00Z')).toBe(false);
  });

  it('takes hours and days in São Paulo, ranges, lists and Sunday as 0 or 7', () => {
    // 00:00 in São Paulo on the 1st is 03:00 UTC.
    expect(fires('0 0 1 * *', '2026-12-01T03:00:00Z')).toBe(true);
    expect(fires('0 0 1 * *', '2026-12-01T00:00:00Z')).toBe(false);
    expect(fires('0 9-17/4 * * 1-5', '2026-11-30T16:00:00Z')).toBe(true); // Monday 13:00
    expect(fires('0 9-17/4 * * 1-5', '2026-11-29T16:00:00Z')).toBe(false); // Sunday
    expect(fires('30 12 * * 7', '2026-11-29T15:30:00Z')).toBe(true);
    expect(fires('30 12 * * 0,6', '2026-11-29T15:30:00Z')).toBe(true);
    // Both day fields restricted: either one, as cron has it (the 15th, or any Monday).
    expect(fires('0 12 15 * 1', '2026-11-30T15:00:00Z')).toBe(true);
    expect(fires('0 12 15 * 1', '2026-12-15T15:00:00Z')).toBe(true);
    expect(fires('0 12 15 * 1', '2026-12-16T15:00:00Z')).toBe(false);
  });

  it('refuses an expression it cannot read, rather than never running the job', () => {
    for (const bad of ['* * * *', '60 * * * *', '*/0 * * * *', '5-1 * * * *', 'x * * * *', '* * * * * *']) {
      expect(() => parseCron(bad), bad).toThrow(/cron/);
    }
  });

  it('reads a minute of the table in well under a millisecond (pg-boss took 15–30 ms per expression)', () => {
    const tables = ['* * * * *', '*/15 * * * *', '17 * * * *', '23 * * * *', '41 * * * *'].map(parseCron);
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      const now = saoPauloMinute(new Date(Date.UTC(2026, 10, 30, 3, i % 60)));
      for (const table of tables) firesAt(table, now);
    }
    expect((performance.now() - started) / 100).toBeLessThan(5);
  });
});
