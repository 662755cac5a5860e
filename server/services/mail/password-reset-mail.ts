import type { Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from './mail-outbox';
import { mailMessages as mm } from './mail-messages';
import { escapeHtml } from '../../http/escape-html';

/** The password reset message, in the language the request came in. */
export function passwordResetMail(translator: Translator, locale: Locale, to: { name: string; email: string }, link: string): MailToSend {
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(locale, d, values);
  const firstName = to.name.split(/\s+/)[0] ?? to.name;
  const greeting = t(mm.passwordResetGreeting, { name: firstName });
  const intro = t(mm.passwordResetIntro);
  const ignore = t(mm.passwordResetIgnore);
  const signature = t(mm.signature);
  return {
    to: to.email,
    subject: t(mm.passwordResetSubject),
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${ignore}\n\n${signature}\n`,
    html: [
      `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : locale}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2a1f">`,
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(mm.passwordResetAction))}</a></p>`,
      `<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
