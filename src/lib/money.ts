import { CURRENCY, FORMAT_LOCALE } from '../../contracts';

/**
 * Money on the web, in one place. The app keeps integer cents (as the API does); reais appear only
 * at the edges: URLs (?amount=50), what a donor types ('1.234,56') and what a page shows ('R$ 1.234,56',
 * always Brazilian whatever the interface language).
 */

const money = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });

/** Intl puts a no-break space after "R$": a plain one reads and compares as 'R$ 1.234,56'. */
export const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** Reais (a URL's ?amount=50, a preset) → integer cents, without float drift (19.99 → 1999). */
export const centsOf = (reais: number): number => Math.round(reais * 100);

/** Cents → reais, for a URL or a number field. */
export const reaisOf = (cents: number): number => cents / 100;

/** Integer cents → 'R$ 1.234,56' (negative: '-R$ 5,00'). */
export function formatMoney(cents: number): string {
  return plainSpaces(money.format(reaisOf(Math.round(cents))));
}

/** A money text typed in reais ('50', '50,5', '1.234,56', 'R$ 20') → cents, or null when it is not one. */
export function reaisToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^R\$\s*/, '')
    .replace(/\./g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return centsOf(Number(cleaned));
}

/** Cents → the text a money field shows, as typed in Brazil: 2550 → '25,50', 5000 → '50', 123456 → '1234,56'. */
export function centsToReaisText(cents: number): string {
  return cents % 100 === 0 ? String(reaisOf(cents)) : reaisOf(cents).toFixed(2).replace('.', ',');
}
