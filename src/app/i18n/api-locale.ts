import { DEFAULT_LOCALE, type Locale } from '../../../contracts/constants';

/**
 * Keeps the API client's Accept-Language in step with the interface. The client (axios) loads on
 * demand, so it is only touched when the language differs from its default (pt) or changes.
 */
let wanted: Locale = DEFAULT_LOCALE;

export function syncApiLocale(locale: Locale): void {
  if (locale === wanted && locale === DEFAULT_LOCALE) return;
  wanted = locale;
  void import('../../lib/http/api-client').then((m) => m.setApiLocale(wanted));
}
