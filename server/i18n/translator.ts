import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contracts/constants';
import { donorMessages } from '../../contracts/donor-messages';
import { homeHeroMessages } from '../../contracts/first-screen';
import { givingMessages } from '../../contracts/giving-messages';
import { messages as contractMessages, type MessageDescriptor } from '../../contracts/messages';
import { mailMessages } from '../services/mail/mail-messages';
import { readPoFile } from './po-catalog';

export const LOCALES_FOLDER = fileURLToPath(new URL('../../locales', import.meta.url));

export type TranslationValues = Record<string, string | number>;

export interface Translator {
  /** Translates a message id (or descriptor) into the locale; unknown ids come back unchanged. */
  translate(locale: Locale, message: string | MessageDescriptor, values?: TranslationValues): string;
  has(id: string): boolean;
}

/** Source messages known to the server: the catalogs may lag behind the code, these never do. */
function sourceMessages(): Map<string, string> {
  const all: MessageDescriptor[] = [
    ...Object.values(contractMessages),
    ...Object.values(givingMessages),
    ...Object.values(donorMessages),
    ...Object.values(mailMessages),
    // The home's hero, which the server writes into the HTML (server/http/first-screen-markup.ts).
    ...Object.values(homeHeroMessages),
  ];
  return new Map(all.map((d) => [d.id, d.message]));
}

type CompiledCatalog = Record<string, ReturnType<typeof compileMessage>>;

function compileAll(entries: Map<string, string>): CompiledCatalog {
  return Object.fromEntries([...entries].map(([id, text]) => [id, compileMessage(text)]));
}

/**
 * One Lingui i18n instance per locale, loaded from locales/<locale>/messages.po at start (no build step).
 * A missing translation falls back to the Portuguese catalog, then to the Portuguese source message.
 */
export function createTranslator(localesFolder = LOCALES_FOLDER): Translator {
  const source = sourceMessages();
  const portuguese = new Map([...source, ...readPoFile(join(localesFolder, DEFAULT_LOCALE, 'messages.po'))]);
  const instances = new Map<Locale, I18n>();
  for (const locale of LOCALES) {
    const own = locale === DEFAULT_LOCALE ? new Map<string, string>() : readPoFile(join(localesFolder, locale, 'messages.po'));
    const merged = new Map([...portuguese, ...own]);
    instances.set(locale, setupI18n({ locale, messages: { [locale]: compileAll(merged) } }));
  }
  const known = new Set(portuguese.keys());

  return {
    has: (id) => known.has(id),
    translate(locale, message, values) {
      const id = typeof message === 'string' ? message : message.id;
      const i18n = instances.get(locale) ?? instances.get(DEFAULT_LOCALE);
      if (!i18n || !known.has(id)) return typeof message === 'string' ? message : message.message;
      return i18n._(id, values);
    },
  };
}
