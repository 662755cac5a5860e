import { centsToDecimal, decimalToCents } from '../provider-kit/decimal-money';

/** The API Pix's amounts are decimal text, `\d{1,10}\.\d{2}` ("12.34"); we keep integer cents (provider-kit/decimal-money.ts). */
const VALOR = /^\d{1,10}\.\d{2}$/;

/** 1234 → "12.34"; throws for anything but whole, positive cents. */
export function centsToValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`Amount must be a positive whole number of cents, got ${cents}`);
  return centsToDecimal(cents);
}

/** "12.34" → 1234 exactly, by the text (never a float); throws for anything the spec's pattern refuses. */
export function valorToCents(valor: string): number {
  if (!VALOR.test(valor)) throw new RangeError(`API Pix amount is not \\d{1,10}.\\d{2}: ${valor}`);
  return decimalToCents(valor);
}

export const isValor = (text: string): boolean => VALOR.test(text);
