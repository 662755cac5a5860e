import type { Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from '../mail/mail-outbox';
import { receiptMessages as rm } from './receipt-messages';
import { escapeHtml } from '../../http/escape-html';
import { formatBrazilianDateTime, formatBrlText } from '../../i18n/format';

/** The receipt of a confirmed donation, in the donor's language (pt when it is not known). */
export function receiptMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; name: string; amountCents: number; campaignTitle: string | null; confirmedAt: Date; donationId: string },
): MailToSend {
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(locale, d, values);
  const amount = formatBrlText(input.amountCents);
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const lines = [
    t(rm.greeting, { name: firstName }),
    t(rm.thanks),
    t(rm.amount, { amount }),
    t(rm.campaign, { campaign: input.campaignTitle ?? t(rm.generalFund) }),
    t(rm.date, { date: formatBrazilianDateTime(input.confirmedAt) }),
    t(rm.donationId, { id: input.donationId }),
  ];
  const signature = t(rm.signature);
  return {
    to: input.to,
    subject: t(rm.subject, { amount }),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}
