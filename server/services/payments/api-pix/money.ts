/** The API Pix's amounts are decimal text, `\d{1,10}\.\d{2}` ("12.34"); we keep integer cents. */
const VALOR = /^(\d{1,10})\.(\d{2})$/;

/** 1234 → "12.34"; throws for anything but whole, positive cents. */
export function centsToValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`Amount must be a positive whole number of cents, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.34" → 1234 exactly, by the text (never a float); throws for anything the spec's pattern refuses. */
export function valorToCents(valor: string): number {
  const match = VALOR.exec(valor);
  if (!match) throw new RangeError(`API Pix amount is not \\d{1,10}.\\d{2}: ${valor}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

export const isValor = (text: string): boolean => VALOR.test(text);
