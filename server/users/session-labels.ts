import type { Locale } from '../../contracts/constants';
import type { MessageDescriptor } from '../../contracts/messages';
import { describeUserAgent } from '../auth/user-agent';
import type { Translator } from '../i18n/translator';

/** How a session's device, browser and place read (the sessions list and the new-device mail), and the list's 404; only the server shows them. */
export const sessionLabelMessages = {
  localNetwork: /*i18n*/ { id: 'sessions.place.local', message: 'Rede local' },
  unknownPlace: /*i18n*/ { id: 'sessions.place.unknown', message: 'Local desconhecido' },
  unknownDevice: /*i18n*/ { id: 'sessions.device.unknown', message: 'Dispositivo desconhecido' },
  unknownBrowser: /*i18n*/ { id: 'sessions.browser.unknown', message: 'Navegador desconhecido' },
  notFound: /*i18n*/ { id: 'error.session_not_found', message: 'Esta sessão não existe ou já foi encerrada.' },
} satisfies Record<string, MessageDescriptor>;

const languageTag = (locale: Locale) => (locale === 'pt' ? 'pt-BR' : locale);

export interface SessionLabels {
  device: string;
  browser: string;
  place: string;
}

/** Device and browser from the stored User-Agent, and the place ('local', a country code or null) in the reader's language. */
export function sessionLabels(translator: Translator, locale: Locale, session: { userAgent: string; place: string | null }): SessionLabels {
  const t = (d: MessageDescriptor) => translator.translate(locale, d);
  const agent = describeUserAgent(session.userAgent);
  return {
    device: agent.device ?? t(sessionLabelMessages.unknownDevice),
    browser: agent.browser ?? t(sessionLabelMessages.unknownBrowser),
    place: placeLabel(t, locale, session.place),
  };
}

function placeLabel(t: (d: MessageDescriptor) => string, locale: Locale, place: string | null): string {
  if (place === 'local') return t(sessionLabelMessages.localNetwork);
  if (place === null) return t(sessionLabelMessages.unknownPlace);
  // Country names come with the runtime's ICU data: no table of our own to translate.
  try {
    return new Intl.DisplayNames([languageTag(locale)], { type: 'region' }).of(place) ?? place;
  } catch {
    return t(sessionLabelMessages.unknownPlace);
  }
}
