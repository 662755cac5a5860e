import { useLingui } from '@lingui/react/macro';
import { syncApiLocale } from '../../app/i18n/api-locale';
import { useLocale } from '../../app/i18n/I18nProvider';
import { isLocale, LOCALE_NAMES } from '../../app/i18n/locale';
import { Select } from '../../ui';
import * as s from './shell.css';

/** pt/en/es as a native select (keyboard and screen readers for free); the choice is remembered. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const { locale, locales, setLocale } = useLocale();
  return (
    <Select
      id="language-switch"
      className={s.languageSelect}
      label={t`Idioma`}
      hideLabel
      value={locale}
      options={locales.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
      onChange={(event) => {
        const next = event.target.value;
        if (!isLocale(next)) return;
        syncApiLocale(next);
        void setLocale(next);
      }}
    />
  );
}
