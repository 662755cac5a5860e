import { FORMAT_LOCALE, TIME_ZONE, type Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from '../mail/mail-outbox';
import { receiptMessages as rm } from './receipt-messages';

/** 'R$ 50,00': Brazilian formatting whatever the language, with a plain space after the symbol. */
export const formatBrl = (cents: number): string =>
  new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');

export const formatBrazilianDate = (date: Date): string =>
  new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The receipt of a confirmed donation, in the donor's language (pt when it is not known). */
export function receiptMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; name: string; amountCents: number; campaignTitle: string | null; confirmedAt: Date; donationId: string },
): MailToSend {
  // Until a catalog lists these ids the translator returns the source text as is: fill it here then.
  const t = (d: { id: string; message: string }, values: Record<string, string> = {}) =>
    translator.has(d.id) ? translator.translate(locale, d, values) : d.message.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
  const amount = formatBrl(input.amountCents);
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const lines = [
    t(rm.greeting, { name: firstName }),
    t(rm.thanks),
    t(rm.amount, { amount }),
    t(rm.campaign, { campaign: input.campaignTitle ?? t(rm.generalFund) }),
    t(rm.date, { date: formatBrazilianDate(input.confirmedAt) }),
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
