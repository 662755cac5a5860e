import { describe, expect, it } from 'vitest';
import {
  axisUnit,
  dayLabel,
  daysOf,
  grossByDay,
  moneyTick,
  spansYears,
  tickIndexes,
  yTop,
} from '../../../src/features/admin/finances/chart-axes';

/** The finances chart's axes (issue 22, item 8): the period's days, months for long periods, reais. */
describe('the finances chart axes', () => {
  it('has a bar for every day of the period, zero on the days nobody gave', () => {
    const days = daysOf('2026-11-20', '2026-11-26');
    expect(days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(grossByDay(days, [{ day: '2026-11-22', gross: 5000 }])).toEqual([0, 0, 5000, 0, 0, 0, 0]);
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('names every day when they fit, every few days when not', () => {
    const week = daysOf('2026-11-20', '2026-11-26');
    expect(axisUnit(week)).toBe('day');
    expect(tickIndexes(week, 900).map((i) => dayLabel(week[i]!, 'day', 'pt-BR', false))).toEqual([
      '20/11',
      '21/11',
      '22/11',
      '23/11',
      '24/11',
      '25/11',
      '26/11',
    ]);
    expect(tickIndexes(week, 220)).toEqual([0, 2, 4, 6]);
    const month = daysOf('2026-11-01', '2026-11-30');
    expect(tickIndexes(month, 320)).toEqual([0, 7, 14, 21, 28]);
  });

  it('names months beyond three months, in the interface language, with the year when the period crosses one', () => {
    const year = daysOf('2026-01-01', '2026-11-26');
    expect(axisUnit(year)).toBe('month');
    const ticks = tickIndexes(year, 1000);
    expect(ticks.map((i) => year[i])).toEqual(Array.from({ length: 11 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-01`));
    expect(ticks.map((i) => dayLabel(year[i]!, 'month', 'pt-BR', false)).slice(0, 3)).toEqual(['jan', 'fev', 'mar']);
    expect(dayLabel('2026-11-01', 'month', 'en', false)).toBe('Nov');
    expect(dayLabel('2026-11-01', 'month', 'es', false)).toBe('nov');
    expect(spansYears(year)).toBe(false);

    const three = daysOf('2024-01-01', '2026-12-31');
    expect(spansYears(three)).toBe(true);
    const sparse = tickIndexes(three, 400);
    expect(sparse.length).toBeLessThanOrEqual(Math.floor(400 / 52));
    expect(dayLabel(three[sparse[0]!]!, 'month', 'pt-BR', true)).toBe('jan 2024');
  });

  it('writes reais the Brazilian way, cents only when a tick has them', () => {
    expect(moneyTick(0)).toBe('R$ 0');
    expect(moneyTick(100_000)).toBe('R$ 1.000');
    expect(moneyTick(2_500_000)).toBe('R$ 25.000');
    expect(moneyTick(50)).toBe('R$ 0,50');
    expect(yTop([0, 0])).toBe(10_000);
    expect(yTop([1000, 5000])).toBe(5500);
  });
});
