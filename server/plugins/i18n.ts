import fp from 'fastify-plugin';
import type { Locale } from '../../contracts/constants';
import type { MessageDescriptor } from '../../contracts/messages';
import { localeFromAcceptLanguage } from '../i18n/locale';
import type { TranslationValues, Translator } from '../i18n/translator';

declare module 'fastify' {
  interface FastifyInstance {
    translator: Translator;
  }
  interface FastifyRequest {
    /** pt, en or es, from Accept-Language. */
    locale: Locale;
    t(message: string | MessageDescriptor, values?: TranslationValues): string;
  }
}

/** Every request knows its language; error messages and mail are translated with it. */
export const i18nPlugin = fp<{ translator: Translator }>(
  async (app, { translator }) => {
    app.decorate('translator', translator);
    app.decorateRequest('locale', 'pt');
    app.decorateRequest('t', function (this: { locale: Locale }, message: string | MessageDescriptor, values?: TranslationValues) {
      return translator.translate(this.locale, message, values);
    });
    // A callback hook, not an async one: every request runs it, and a promise per request shows in a cached read's cost.
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
      done();
    });
  },
  { name: 'semear-i18n', fastify: '5.x' },
);
