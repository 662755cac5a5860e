import { MONTHLY_MAX_CENTS, MONTHLY_MIN_CENTS } from '../../../contracts';

/** A money text typed in reais ('50', '50,5', '1.234,56', 'R$ 20') → cents, or null when it is not one. */
export function reaisToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^R\$\s*/, '').replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

export const isMonthlyAmount = (cents: number | null): cents is number =>
  cents !== null && Number.isInteger(cents) && cents >= MONTHLY_MIN_CENTS && cents <= MONTHLY_MAX_CENTS;

/** URLs carry reais (?amount=50); the app keeps cents. */
export const centsOfReais = (reais: number | undefined): number | null => (reais === undefined ? null : Math.round(reais * 100));
export const reaisOfCents = (cents: number): number => cents / 100;
