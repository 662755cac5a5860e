/**
 * Providers speak money as decimal reais ("12.34", or the JSON number 12.34); we keep integer cents. Both
 * directions go through the decimal text, never through a float multiplication, so 0.29 is 29 cents on
 * every platform (0.29 * 100 is 28.999999999999996 in IEEE 754).
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** 1234 → "12.34"; 5 → "0.05". Throws for anything but whole, non-negative cents. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Amount must be a non-negative whole number of cents, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The whole and fraction digits of a decimal text ("12.3" → 12 and "3"); null when it is not one. */
export function decimalDigits(text: string): { whole: string; fraction: string } | null {
  const match = DECIMAL.exec(text);
  return match ? { whole: match[1] as string, fraction: match[2] ?? '' } : null;
}

/**
 * "12.34" → 1234, "10.5" → 1050, exactly, by the digits. `rounding: 'half-up'` takes more than two
 * decimals rounded half up on the digits themselves (a fee, a percentage of the amount: 1.005 is 101);
 * otherwise more than two decimals throw.
 */
export function decimalToCents(text: string, rounding: 'exact' | 'half-up' = 'exact'): number {
  const digits = decimalDigits(text);
  if (!digits) throw new RangeError(`Amount is not a plain decimal: ${JSON.stringify(text)}`);
  const { whole, fraction } = digits;
  if (fraction.length > 2 && rounding === 'exact') throw new RangeError(`Amount has more than two decimals: ${text}`);
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rounded = fraction.length > 2 && Number(fraction[2]) >= 5 ? cents + 1 : cents;
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`Amount out of range: ${text}`);
  return rounded;
}
