import type { Locale } from '../../../contracts/constants';
import type { MessageDescriptor } from '../../../contracts/messages';
import { escapeHtml } from '../../http/escape-html';
import { formatBrlText, formatLongDate } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import { receiptMessages as rm } from '../donations/receipt-messages';
import type { MailToSend } from '../mail/mail-outbox';
import type { RefundDestination } from './gift-card-refund';

export const refundMessages = {
  subject: /*i18n*/ { id: 'mail.refund.subject', message: 'Reembolso de {amount} da sua doação' },
  body: /*i18n*/ {
    id: 'mail.refund.body',
    message: 'Devolvemos {amount} da sua doação para {campaign}. O valor volta pelo mesmo meio de pagamento que você usou.',
  },
  toWallet: /*i18n*/ {
    id: 'mail.refund.to_wallet',
    message: 'Devolvemos {amount} da sua doação para {campaign}. O valor voltou para a carteira Semear e pode ser doado até {date}.',
  },
  toGiftCard: /*i18n*/ {
    id: 'mail.refund.to_gift_card',
    message: 'Devolvemos {amount} da sua doação para {campaign}. O valor voltou para o gift card, que pode ser usado até {date}.',
  },
} satisfies Record<string, MessageDescriptor>;

/** What the e-mail says about where the money went: the payment method, or the wallet or gift card and until when. */
function destinationLine(destination: RefundDestination): { message: MessageDescriptor; expiresAt: Date | null } {
  if (destination.to === 'wallet') return { message: refundMessages.toWallet, expiresAt: destination.expiresAt };
  if (destination.to === 'gift_card') return { message: refundMessages.toGiftCard, expiresAt: destination.expiresAt };
  return { message: refundMessages.body, expiresAt: null };
}

/** The donor's notice of a refund (all or part of a donation), in their language. */
export function refundMail(
  translator: Translator,
  locale: Locale,
  input: {
    to: string;
    name: string;
    amountCents: number;
    campaignTitle: string | null;
    donationId: string;
    destination: RefundDestination;
  },
): MailToSend {
  const t = (d: MessageDescriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const amount = formatBrlText(input.amountCents);
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const where = destinationLine(input.destination);
  const lines = [
    t(rm.greeting, { name: firstName }),
    t(where.message, {
      amount,
      campaign: input.campaignTitle ?? t(rm.generalFund),
      ...(where.expiresAt ? { date: formatLongDate(where.expiresAt, locale) } : {}),
    }),
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
