import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import type { Translator } from '../../i18n/translator';
import { mailMessages as mm } from '../mail/mail-messages';
import type { MailToSend } from '../mail/mail-outbox';
import { dataExportMessages as dm } from './data-export-messages';

const LANGUAGE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/**
 * "Your copy is ready": a link to the profile's "Meus dados", never to the file itself, so a forwarded or
 * leaked e-mail opens nothing without the account's session.
 */
export function dataExportMail(
  translator: Translator,
  locale: Locale,
  to: { name: string; email: string },
  input: { link: string; until: Date },
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const until = input.until.toLocaleString(LANGUAGE_TAGS[locale], { timeZone: 'America/Sao_Paulo', dateStyle: 'long', timeStyle: 'short' });
  const greeting = t(mm.passwordResetGreeting, { name: to.name.split(/\s+/)[0] ?? to.name });
  const paragraphs = [t(dm.mailIntro), t(dm.mailUntil, { until }), t(dm.mailNotYou)];
  const signature = t(mm.signature);
  return {
    to: to.email,
    subject: t(dm.mailSubject),
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${input.link}\n\n${signature}\n`,
    html: [
      `<!doctype html><html lang="${LANGUAGE_TAGS[locale]}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2a1f">`,
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(dm.mailAction))}</a></p>`,
      `<p>${escapeHtml(signature)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
