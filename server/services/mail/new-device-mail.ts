import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import type { Translator } from '../../i18n/translator';
import type { SessionLabels } from '../../users/session-labels';
import type { MailToSend } from './mail-outbox';
import { mailMessages as mm } from './mail-messages';

/** The warning to a member who can move money that their account was opened on a device it had not used. */
export const newDeviceMessages = {
  subject: /*i18n*/ { id: 'mail.new_device.subject', message: 'Nova entrada na sua conta do Semear' },
  intro: /*i18n*/ {
    id: 'mail.new_device.intro',
    message: 'Sua conta acabou de entrar no Semear por um dispositivo que ela não usava: {device}, {browser}, {place}.',
  },
  why: /*i18n*/ {
    id: 'mail.new_device.why',
    message: 'Avisamos porque sua conta pode mexer com o dinheiro ou com a equipe de uma organização.',
  },
  notYou: /*i18n*/ {
    id: 'mail.new_device.not_you',
    message: 'Se foi você, não precisa fazer nada. Se não foi, troque sua senha agora e encerre essa sessão na página do seu perfil.',
  },
  action: /*i18n*/ { id: 'mail.new_device.action', message: 'Ver as sessões abertas' },
} satisfies Record<string, MessageDescriptor>;

export function newDeviceMail(
  translator: Translator,
  locale: Locale,
  to: { name: string; email: string },
  labels: SessionLabels,
  link: string,
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const greeting = t(mm.passwordResetGreeting, { name: to.name.split(/\s+/)[0] ?? to.name });
  const paragraphs = [t(newDeviceMessages.intro, { ...labels }), t(newDeviceMessages.why), t(newDeviceMessages.notYou)];
  const signature = t(mm.signature);
  return {
    to: to.email,
    subject: t(newDeviceMessages.subject),
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${link}\n\n${signature}\n`,
    html: [
      `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : locale}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2a1f">`,
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(newDeviceMessages.action))}</a></p>`,
      `<p>${escapeHtml(signature)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
