import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsOf, centsToReaisText, formatMoney, reaisOf, reaisToCents } from '../../../src/lib/money';

/** The one module the web converts money with: cents inside, reais only at the edges. */
describe('money on the web', () => {
  const cents = fc.integer({ min: 0, max: 100_000_000 });

  it('reais and cents round-trip without float drift (19,99 stays 1999 cents)', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(centsOf(reaisOf(c))).toBe(c);
      }),
    );
    expect(centsOf(19.99)).toBe(1999);
    expect(centsOf(0.1 + 0.2)).toBe(30);
  });

  it('what a money field shows is read back as the same cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(reaisToCents(centsToReaisText(c))).toBe(c);
      }),
    );
    expect(centsToReaisText(2550)).toBe('25,50');
    expect(centsToReaisText(5000)).toBe('50');
  });

  it('reads what Brazilians type, and refuses what is not money', () => {
    expect(reaisToCents('1.234,56')).toBe(123456);
    expect(reaisToCents('R$ 20')).toBe(2000);
    expect(reaisToCents('50,5')).toBe(5050);
    for (const text of ['', 'abc', '1,234', '-5', '10,999']) expect(reaisToCents(text)).toBeNull();
  });

  it('shows Brazilian money with plain spaces, whatever the amount', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(-500)).toBe('-R$ 5,00');
    fc.assert(
      fc.property(cents, (c) => {
        expect(formatMoney(c)).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
      }),
    );
  });
});
