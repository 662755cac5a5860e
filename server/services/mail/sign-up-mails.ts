import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from './mail-outbox';
import { mailMessages } from './mail-messages';

/** Texts of the two mails a sign-up sends; `lingui extract` collects them through the i18n markers. */
export const signUpMailMessages = {
  greeting: /*i18n*/ { id: 'mail.sign_up.greeting', message: 'Olá, {name}!' },
  confirmSubject: /*i18n*/ { id: 'mail.sign_up.confirm_subject', message: 'Confirme seu e-mail para criar sua conta no Semear' },
  confirmIntro: /*i18n*/ {
    id: 'mail.sign_up.confirm_intro',
    message:
      'Falta pouco para criar sua conta no Semear. Abra o link abaixo para confirmar seu e-mail e ativar a conta. Ele vale por 24 horas e só pode ser usado uma vez.',
  },
  confirmAction: /*i18n*/ { id: 'mail.sign_up.confirm_action', message: 'Ativar minha conta' },
  confirmIgnore: /*i18n*/ {
    id: 'mail.sign_up.confirm_ignore',
    message: 'Se você não pediu isso, ignore este e-mail: nenhuma conta será criada.',
  },
  existsSubject: /*i18n*/ { id: 'mail.sign_up.exists_subject', message: 'Tentaram criar uma conta no Semear com seu e-mail' },
  existsIntro: /*i18n*/ {
    id: 'mail.sign_up.exists_intro',
    message: 'Alguém (talvez você) tentou criar uma conta no Semear com este e-mail, mas ele já é o da sua conta. Nada mudou nela.',
  },
  existsSignIn: /*i18n*/ { id: 'mail.sign_up.exists_sign_in', message: 'Entrar na minha conta' },
  existsReset: /*i18n*/ { id: 'mail.sign_up.exists_reset', message: 'Esqueci minha senha' },
  existsIgnore: /*i18n*/ {
    id: 'mail.sign_up.exists_ignore',
    message: 'Se não foi você, ignore este e-mail: sua conta e sua senha continuam as mesmas.',
  },
} satisfies Record<string, MessageDescriptor>;

const m = signUpMailMessages;

type Block = { paragraph: string } | { action: string; link: string };

/** A mail of paragraphs and link buttons, as text and HTML. */
function compose(locale: Locale, to: string, subject: string, blocks: Block[]): MailToSend {
  const e = escapeHtml;
  const text = blocks.map((b) => ('paragraph' in b ? b.paragraph : `${b.action}: ${b.link}`)).join('\n\n');
  const html = blocks.map((b) =>
    'paragraph' in b
      ? `<p>${e(b.paragraph)}</p>`
      : `<p><a href="${e(b.link)}" style="display:inline-block;padding:10px 18px;background:#2f7d32;color:#fff;border-radius:6px;text-decoration:none">${e(b.action)}</a></p>` +
        `<p style="font-size:13px;color:#555">${e(b.link)}</p>`,
  );
  return {
    to,
    subject,
    text: `${text}\n`,
    html: [
      `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : locale}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2a1f">`,
      ...html,
      '</body></html>',
    ].join('\n'),
  };
}

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

/** The link that creates the account: sent to whoever signed up with a free address. */
export function signUpConfirmationMail(
  translator: Translator,
  locale: Locale,
  to: { name: string; email: string },
  link: string,
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  return compose(locale, to.email, t(m.confirmSubject), [
    { paragraph: t(m.greeting, { name: firstName(to.name) }) },
    { paragraph: t(m.confirmIntro) },
    { action: t(m.confirmAction), link },
    { paragraph: t(m.confirmIgnore) },
    { paragraph: t(mailMessages.signature) },
  ]);
}

/** Told to an account's owner when someone signs up with its address: where to sign in or reset the password. */
export function accountExistsMail(
  translator: Translator,
  locale: Locale,
  to: { name: string; email: string },
  links: { signIn: string; reset: string },
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  return compose(locale, to.email, t(m.existsSubject), [
    { paragraph: t(m.greeting, { name: firstName(to.name) }) },
    { paragraph: t(m.existsIntro) },
    { action: t(m.existsSignIn), link: links.signIn },
    { action: t(m.existsReset), link: links.reset },
    { paragraph: t(m.existsIgnore) },
    { paragraph: t(mailMessages.signature) },
  ]);
}
