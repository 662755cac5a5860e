import { centsToDecimal, decimalToCents } from '../provider-kit/decimal-money';

/**
 * Mercado Pago's API speaks decimal reais as JSON numbers (`transaction_amount: 12.34`); we keep integer
 * cents. Both directions go through the decimal text (provider-kit/decimal-money.ts).
 */

/** 1234 → 12.34: the number JSON.stringify writes as `12.34`. Throws for anything but whole, non-negative cents. */
export const centsToReais = (cents: number): number => Number(centsToDecimal(cents));

/** String() of a double is its shortest round-trip decimal: 12.34 → "12.34", never "12.339999…". */
function decimalText(reais: number): string {
  if (!Number.isFinite(reais) || reais < 0) throw new RangeError(`Amount in reais must be a finite non-negative number, got ${reais}`);
  return String(reais);
}

/** 12.34 → 1234 exactly; throws for more than two decimals (an amount Mercado Pago never charges). */
export const reaisToCents = (reais: number): number => decimalToCents(decimalText(reais));

/**
 * For fees, which the provider may report with more decimals (a percentage of the amount): rounded
 * half up to the cent on the decimal digits themselves, so 1.005 is 101 (the float 1.005 * 100 rounds to 100).
 */
export const reaisToCentsRounded = (reais: number): number => decimalToCents(decimalText(reais), 'half-up');

/** True when a number is a positive amount with at most two decimals (what the API accepts). */
export function isReaisAmount(value: unknown): value is number {
  if (typeof value !== 'number' || !(value > 0)) return false;
  try {
    reaisToCents(value);
    return true;
  } catch {
    return false;
  }
}
