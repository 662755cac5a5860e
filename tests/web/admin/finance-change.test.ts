import { describe, expect, it } from 'vitest';
import { change } from '../../../src/features/admin/finances/finance-change';

describe('the change against the previous period (issue 47, item 12)', () => {
  it.each([
    [918_930, 1_000, '+91.793%'],
    [1_500, 1_000, '+50%'],
    [500, 1_000, '-50%'],
    [1_000, 1_000, '0%'],
    [0, 0, '0%'],
    [5_000, 0, '—'],
    [-2_000_000, 1_000, '-200.100%'],
  ])('%i after %i reads %s', (now, before, said) => {
    expect(change(now, before)).toBe(said);
  });
});
