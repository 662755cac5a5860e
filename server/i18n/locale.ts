import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contracts/constants';

export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/**
 * Picks pt, en or es from an Accept-Language header by quality ("en-US,en;q=0.9,pt;q=0.8"),
 * matching on the primary subtag; anything else gets Portuguese.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: q ? Number(q[1]) : 1, order };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked.map((r) => r.language).find(isLocale) ?? DEFAULT_LOCALE;
}
