import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import { formatBrlText } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import { receiptMessages as rm } from '../donations/receipt-messages';
import type { MailToSend } from '../mail/mail-outbox';

export const refundMessages = {
  subject: /*i18n*/ { id: 'mail.refund.subject', message: 'Reembolso de {amount} da sua doação' },
  body: /*i18n*/ {
    id: 'mail.refund.body',
    message: 'Devolvemos {amount} da sua doação para {campaign}. O valor volta pelo mesmo meio de pagamento que você usou.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The donor's notice of a refund (all or part of a donation), in their language. */
export function refundMail(
  translator: Translator,
  locale: Locale,
  input: { to: string; name: string; amountCents: number; campaignTitle: string | null; donationId: string },
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const amount = formatBrlText(input.amountCents);
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const lines = [
    t(rm.greeting, { name: firstName }),
    t(refundMessages.body, { amount, campaign: input.campaignTitle ?? t(rm.generalFund) }),
    t(rm.donationId, { id: input.donationId }),
  ];
  const signature = t(rm.signature);
  return {
    to: input.to,
    subject: t(refundMessages.subject, { amount }),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}
