import { describe, expect, it } from 'vitest';
import { centsToReaisText, formatDate, formatDateTime, formatMoney, formatNumber, reaisToCents } from '../../../src/app/format';

describe('formatting (always pt-BR, BRL, America/Sao_Paulo)', () => {
  it.each([
    [123456, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [3000, 'R$ 30,00'],
    [100000000, 'R$ 1.000.000,00'],
    [-500, '-R$ 5,00'],
  ])('formatMoney(%i) → %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it('rounds fractional cents', () => {
    expect(formatMoney(1999.6)).toBe('R$ 20,00');
  });

  it('formats numbers with Brazilian grouping', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
  });

  it('formats dates as day/month/year in São Paulo time', () => {
    // 02:30 UTC on the 23rd is still the 22nd in São Paulo (UTC-3).
    expect(formatDate('2026-11-23T02:30:00Z')).toBe('22/11/2026');
    expect(formatDate(new Date('2026-01-10T15:00:00.000Z'))).toBe('10/01/2026');
    expect(formatDate(Date.UTC(2026, 10, 22, 12))).toBe('22/11/2026');
  });

  it('shows a calendar date as written (no time zone shift)', () => {
    expect(formatDate('1990-04-15')).toBe('15/04/1990');
  });

  it('formats date and time in São Paulo time', () => {
    expect(formatDateTime('2026-11-22T17:05:00Z')).toBe('22/11/2026 14:05');
  });

  it('gives an empty string for invalid dates', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('money in a field', () => {
  it.each([
    [2550, '25,50'],
    [2505, '25,05'],
    [5000, '50'],
    [123456, '1234,56'],
  ])('%i cents is typed as %s, and reads back the same', (cents, text) => {
    expect(centsToReaisText(cents)).toBe(text);
    expect(reaisToCents(text)).toBe(cents);
  });
});
