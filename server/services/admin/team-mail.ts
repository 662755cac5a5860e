import { PERMISSION_NAMES } from '../../../contracts/admin-messages';
import type { Locale } from '../../../contracts/constants';
import type { Permission } from '../../../contracts/permissions';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import { formatLongDate } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';

/** Texts of the team invitation e-mail; `lingui extract` collects them through the i18n markers. */
export const teamMailMessages = {
  inviteSubject: /*i18n*/ { id: 'mail.team_invite.subject', message: '{inviter} convidou você para a equipe do Semear' },
  inviteBody: /*i18n*/ {
    id: 'mail.team_invite.body',
    message: '{inviter} convidou você para administrar o Semear. Entre ou crie sua conta com este e-mail e aceite o convite até {date}.',
  },
  inviteGrants: /*i18n*/ { id: 'mail.team_invite.grants', message: 'Com este convite você poderá cuidar de: {permissions}.' },
  inviteGrantsNothing: /*i18n*/ {
    id: 'mail.team_invite.grants_nothing',
    message: 'Este convite ainda não dá permissões: quem administra a equipe as escolhe depois que você entrar.',
  },
  inviteAction: /*i18n*/ { id: 'mail.team_invite.action', message: 'Aceitar o convite' },
  someone: /*i18n*/ { id: 'mail.team_invite.someone', message: 'A equipe do Semear' },
} satisfies Record<string, MessageDescriptor>;

/** The invitation, in the inviter's language, with what it lets the colleague do and the link that signs up or in and joins. */
export function teamInviteMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; inviter: string | null; link: string; expiresAt: Date; permissions: readonly Permission[] },
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const values = { inviter: input.inviter ?? t(teamMailMessages.someone), date: formatLongDate(input.expiresAt, locale) };
  const names = input.permissions.map((p) => t(PERMISSION_NAMES[p]));
  const grants =
    names.length > 0
      ? t(teamMailMessages.inviteGrants, { permissions: new Intl.ListFormat(locale, { type: 'conjunction' }).format(names) })
      : t(teamMailMessages.inviteGrantsNothing);
  const body = t(teamMailMessages.inviteBody, values);
  const action = t(teamMailMessages.inviteAction);
  const signature = t(mailMessages.signature);
  const e = escapeHtml;
  return {
    to: input.to,
    subject: t(teamMailMessages.inviteSubject, values),
    text: `${body}\n\n${grants}\n\n${action}: ${input.link}\n\n${signature}\n`,
    html: [
      `<p>${e(body)}</p>`,
      `<p>${e(grants)}</p>`,
      `<p><a href="${e(input.link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#1F8A5B;color:#FFFFFF;text-decoration:none;font-weight:bold">${e(action)}</a></p>`,
      `<p style="font-size:13px;color:#555">${e(input.link)}</p>`,
      `<p>${e(signature)}</p>`,
    ].join(''),
  };
}
