import { describe, expect, it } from 'vitest';
import { centsToReais, isReaisAmount, reaisToCents, reaisToCentsRounded } from '../../../../server/services/payments/mercadopago/money';

describe('Mercado Pago money (cents ↔ decimal reais)', () => {
  it.each([
    [1234, 12.34],
    [29, 0.29],
    [1, 0.01],
    [100, 1],
    [1_999_999, 19999.99],
    [0, 0],
    [123_456_789_012, 1_234_567_890.12],
  ])('%i cents is %d reais, and back exactly', (cents, reais) => {
    expect(centsToReais(cents)).toBe(reais);
    expect(JSON.stringify({ amount: centsToReais(cents) })).toBe(`{"amount":${reais}}`);
    expect(reaisToCents(reais)).toBe(cents);
  });

  it('never multiplies floats: 0.29, 0.57, 1.1 and 19999.99 whose * 100 is off by a hair', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(reaisToCents(0.29)).toBe(29);
    expect(reaisToCents(0.57)).toBe(57);
    expect(reaisToCents(1.1)).toBe(110);
    expect(reaisToCents(19999.99)).toBe(1_999_999);
  });

  it('refuses amounts the API never charges: more than two decimals, negative, not finite', () => {
    expect(() => reaisToCents(1.005)).toThrow(/two decimals/);
    expect(() => reaisToCents(-1)).toThrow(RangeError);
    expect(() => reaisToCents(Number.NaN)).toThrow(RangeError);
    expect(() => reaisToCents(1e-7)).toThrow(RangeError);
    expect(() => centsToReais(12.5)).toThrow(RangeError);
    expect(() => centsToReais(-1)).toThrow(RangeError);
  });

  it('rounds fees half up on the decimal digits (1.005 → 101, where Math.round(1.005 * 100) is 100)', () => {
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(reaisToCentsRounded(1.005)).toBe(101);
    expect(reaisToCentsRounded(0.6149)).toBe(61);
    expect(reaisToCentsRounded(0.615)).toBe(62);
    expect(reaisToCentsRounded(12.34)).toBe(1234);
  });

  it('tells an acceptable amount: positive, at most two decimals', () => {
    expect(isReaisAmount(12.34)).toBe(true);
    expect(isReaisAmount(12.345)).toBe(false);
    expect(isReaisAmount(0)).toBe(false);
    expect(isReaisAmount('12.34')).toBe(false);
  });
});
