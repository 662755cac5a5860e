import { centsToDecimal, decimalToCents } from '../provider-kit/decimal-money';

/**
 * PayPal carries money as a decimal string in the currency's unit ('12.34' reais); we carry integer
 * cents (provider-kit/decimal-money.ts), so 0.29 stays 29 cents.
 */

/** PayPal's documented value pattern; BRL allows at most two decimals. */
const PAYPAL_VALUE = /^\d+(?:\.\d{1,2})?$/;

/** 1234 → '12.34'; 5 → '0.05'. */
export const centsToPaypalValue = (cents: number): string => centsToDecimal(cents);

/** '12.34' → 1234; '10' → 1000; '10.5' → 1050. Anything else (signs, 3 decimals, exponents) throws. */
export function paypalValueToCents(value: string): number {
  if (!PAYPAL_VALUE.test(value)) throw new RangeError(`not a PayPal amount with at most two decimals: ${JSON.stringify(value)}`);
  return decimalToCents(value);
}
