import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from './mail-outbox';
import { mailMessages as mm } from './mail-messages';

/** Texts of the warning sent when an account's sign-in locks; `lingui extract` collects them through the i18n markers. */
export const signInLockMessages = {
  subject: /*i18n*/ { id: 'mail.sign_in_lock.subject', message: 'Tentativas de entrar na sua conta do Semear' },
  intro: /*i18n*/ {
    id: 'mail.sign_in_lock.intro',
    message:
      'Alguém tentou entrar na sua conta muitas vezes com a senha errada. Por segurança, bloqueamos a entrada na conta por {minutes} minutos.',
  },
  reset: /*i18n*/ {
    id: 'mail.sign_in_lock.reset',
    message:
      'Se não foi você, ou se esqueceu a senha, escolha uma nova pelo link abaixo: a conta é desbloqueada na hora. O link vale por 1 hora e só pode ser usado uma vez.',
  },
  wait: /*i18n*/ {
    id: 'mail.sign_in_lock.wait',
    message: 'Se foi você e lembrou a senha, é só esperar e entrar de novo. Sua senha continua a mesma.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The owner's warning that their sign-in is locked, with a reset link that ends the lock. */
export function signInLockMail(
  translator: Translator,
  locale: Locale,
  to: { name: string; email: string },
  link: string,
  lockMinutes: number,
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const greeting = t(mm.passwordResetGreeting, { name: to.name.split(/\s+/)[0] ?? to.name });
  const paragraphs = [t(signInLockMessages.intro, { minutes: String(lockMinutes) }), t(signInLockMessages.reset)];
  const wait = t(signInLockMessages.wait);
  const signature = t(mm.signature);
  return {
    to: to.email,
    subject: t(signInLockMessages.subject),
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${link}\n\n${wait}\n\n${signature}\n`,
    html: [
      `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : locale}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2a1f">`,
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(mm.passwordResetAction))}</a></p>`,
      `<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(wait)}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
