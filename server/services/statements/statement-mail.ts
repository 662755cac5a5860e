import type { Locale } from '../../../contracts/constants';
import { escapeHtml } from '../../http/escape-html';
import { formatBrlText } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';
import type { Statement } from '../../../contracts/statements';
import { GUEST_STATEMENT_LINK_DAYS } from '../../../contracts/guest-statements';
import { guestStatementMailMessages as gm, statementMailMessages as sm } from './statement-mail-messages';

/** The year's row of the profile's Comprovantes section, where its PDF is downloaded with the donor's session. */
export const statementPageUrl = (publicUrl: string, year: number): string => `${publicUrl}/profile#comprovantes-${year}`;
export const notificationPreferencesUrl = (publicUrl: string): string => `${publicUrl}/profile/notifications`;

/** January's e-mail of last year's statement, in the donor's language. */
export function yearlyStatementMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; name: string; year: number; totalCents: number; publicUrl: string },
): MailToSend {
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(locale, d, values);
  const year = String(input.year);
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const lines = [
    t(sm.greeting, { name: firstName }),
    t(sm.body, { year, total: formatBrlText(input.totalCents) }),
    t(sm.action, { url: statementPageUrl(input.publicUrl, input.year) }),
    t(sm.optOut, { url: notificationPreferencesUrl(input.publicUrl) }),
  ];
  const signature = t(mailMessages.signature);
  return {
    to: input.to,
    subject: t(sm.subject, { year }),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
    bulk: true,
  };
}

/** '2030-12-31T23:30:00-03:00' → '31/12/2030': a statement's dates are São Paulo's already. */
const dayOf = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** A guest's statement, mailed to the address their donations carry, with the PDF's signed link. */
export function guestStatementMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; name: string; statement: Statement; pdfUrl: string },
): MailToSend {
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(locale, d, values);
  const { statement } = input;
  const year = String(statement.year);
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const gifts = statement.donations.map((gift) =>
    t(gm.line, { date: dayOf(gift.date), campaign: gift.campaign ?? t(gm.generalFund), net: formatBrlText(gift.net) }),
  );
  const before = [t(gm.greeting, { name: firstName }), t(gm.body, { year, total: formatBrlText(statement.total) })];
  const after = [t(gm.pdf, { days: String(GUEST_STATEMENT_LINK_DAYS), url: input.pdfUrl }), t(gm.ignore)];
  const signature = t(mailMessages.signature);
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return {
    to: input.to,
    subject: t(gm.subject, { year }),
    text: `${[...before, gifts.join('\n'), ...after].join('\n\n')}\n\n${signature}\n`,
    html: `${paragraphs(before)}<ul>${gifts.map((gift) => `<li>${escapeHtml(gift)}</li>`).join('')}</ul>${paragraphs(after)}<p>${escapeHtml(signature)}</p>`,
  };
}
