import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider as LinguiProvider } from '@lingui/react';
import { LOCALES, type Locale } from '../../../contracts';
import { activateLocale, i18n } from './catalogs';
import { storeLocale } from './locale';

interface LocaleContextValue {
  locale: Locale;
  locales: readonly Locale[];
  /** Loads the catalog, switches the interface and remembers the choice. */
  setLocale: (locale: Locale) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

/** Lingui provider plus the language switch. Activate the first locale before rendering (see main.tsx). */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setCurrent] = useState<Locale>(() => (i18n.locale as Locale) || 'pt');
  const setLocale = useCallback(async (next: Locale) => {
    storeLocale(next);
    await activateLocale(next);
    setCurrent(next);
  }, []);
  const value = useMemo(() => ({ locale, locales: LOCALES, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <LinguiProvider i18n={i18n}>{children}</LinguiProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside <I18nProvider>');
  return value;
}
