import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, type Locale } from '../../../contracts';
import { LOCALE_COOKIE } from '../../../contracts/first-screen';
import { getCookie, setCookie } from '../../lib/cookies';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language remembered in localStorage, or pt. */
export function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
  tellServerLocale(locale);
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Mirrors the language into a cookie, for the server to write the next landing page's first screen in
 * it; called at start too, so a language chosen before the cookie existed reaches the server.
 */
export function tellServerLocale(locale: Locale): void {
  if (typeof document === 'undefined' || getCookie(LOCALE_COOKIE) === locale) return;
  setCookie(LOCALE_COOKIE, locale, ONE_YEAR_S);
}

/** The value for <html lang>. */
export const htmlLang = (locale: Locale): string => (locale === 'pt' ? 'pt-BR' : locale);

/** Each language named in itself, so people find theirs whatever language is on screen. */
export const LOCALE_NAMES: Record<Locale, string> = { pt: 'Português', en: 'English', es: 'Español' };
