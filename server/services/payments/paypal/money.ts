/**
 * PayPal carries money as a decimal string in the currency's unit ('12.34' reais); we carry integer
 * cents. Both directions work on the digits, never on floating point, so 0.29 stays 29 cents.
 */

/** PayPal's documented value pattern; BRL allows at most two decimals. */
const PAYPAL_VALUE = /^(\d+)(?:\.(\d{1,2}))?$/;

/** 1234 → '12.34'; 5 → '0.05'. */
export function centsToPaypalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents must be a whole number ≥ 0, got ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** '12.34' → 1234; '10' → 1000; '10.5' → 1050. Anything else (signs, 3 decimals, exponents) throws. */
export function paypalValueToCents(value: string): number {
  const match = PAYPAL_VALUE.exec(value);
  if (!match) throw new RangeError(`not a PayPal amount with at most two decimals: ${JSON.stringify(value)}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${value}`);
  return cents;
}
