import { describe, expect, it } from 'vitest';
import { compactBalanceText, formatMoneyCompact } from '../../src/features/wallet/balance-text';

describe("the phone header's shortened balance", () => {
  it.each([
    [9_999_99, 'R$ 9.999,99'],
    [1_000_000, 'R$ 10 mil'],
    [1_234_567, 'R$ 12,3 mil'],
    [12_345_678, 'R$ 123,4 mil'],
    [99_999_999, 'R$ 999,9 mil'],
    [123_456_789, 'R$ 1,2 mi'],
  ])('formatMoneyCompact(%i) → %s (never rounded up)', (cents, expected) => {
    expect(formatMoneyCompact(cents)).toBe(expected);
  });

  it('keeps the mask when hidden and the ellipsis while loading', () => {
    expect(compactBalanceText(12_345_678, false)).toBe('R$ ••••');
    expect(compactBalanceText(null, true)).toBe('…');
  });
});
