/**
 * Mercado Pago's API speaks decimal reais (`transaction_amount: 12.34`); we keep integer cents. Both
 * directions go through the decimal text, never through a float multiplication, so 0.29 is 29 and
 * 19999.99 is 1999999 on every platform (0.29 * 100 is 28.999999999999996 in IEEE 754).
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** 1234 → 12.34: the number JSON.stringify writes as `12.34`. Throws for anything but whole, non-negative cents. */
export function centsToReais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Amount must be a non-negative whole number of cents, got ${cents}`);
  return Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
}

function decimalParts(reais: number): { whole: string; fraction: string } {
  if (!Number.isFinite(reais) || reais < 0) throw new RangeError(`Amount in reais must be a finite non-negative number, got ${reais}`);
  // String() of a double is its shortest round-trip decimal: 12.34 → "12.34", never "12.339999…".
  const match = DECIMAL.exec(String(reais));
  if (!match) throw new RangeError(`Amount in reais has no plain decimal form: ${reais}`);
  return { whole: match[1] as string, fraction: match[2] ?? '' };
}

/** 12.34 → 1234 exactly; throws for more than two decimals (an amount Mercado Pago never charges). */
export function reaisToCents(reais: number): number {
  const { whole, fraction } = decimalParts(reais);
  if (fraction.length > 2) throw new RangeError(`Amount in reais has more than two decimals: ${reais}`);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * For fees, which the provider may report with more decimals (a percentage of the amount): rounded
 * half up to the cent on the decimal digits themselves, so 1.005 is 101 (the float 1.005 * 100 rounds to 100).
 */
export function reaisToCentsRounded(reais: number): number {
  const { whole, fraction } = decimalParts(reais);
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return fraction.length > 2 && Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

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
