import type { Locale } from '../../../contracts/constants';
import type { AutoDonationReason } from '../../../contracts/wallet';
import { escapeHtml } from '../../http/escape-html';
import { formatBrazilianDateTime, formatBrlText } from '../../i18n/format';
import type { Translator } from '../../i18n/translator';
import type { MailToSend } from '../mail/mail-outbox';
import type { AutoDonationCause } from './auto-donation-cause';
import { walletMailMessages as wm } from './wallet-mail-messages';

type Descriptor = { id: string; message: string };

const reasonText: Record<AutoDonationReason, Descriptor> = {
  chosen: wm.reasonChosen,
  most_given: wm.reasonMostGiven,
  general_fund: wm.reasonGeneralFund,
};

export interface WalletMailInput {
  to: string;
  name: string;
  amountCents: number;
  /** When the credit expired (donated) or expires (notice). */
  date: Date;
  cause: AutoDonationCause;
  /** The wallet page, where the donor spends credit or chooses the cause. */
  walletUrl: string;
}

function compose(
  translator: Translator,
  locale: Locale,
  input: WalletMailInput,
  parts: { subject: Descriptor; body: Descriptor; action: Descriptor },
): MailToSend {
  const t = (d: Descriptor, values?: Record<string, string>) => translator.translate(locale, d, values);
  const values = {
    amount: formatBrlText(input.amountCents),
    date: formatBrazilianDateTime(input.date),
    cause: input.cause.campaign?.title ?? t(wm.generalFund),
    url: input.walletUrl,
  };
  const firstName = input.name.split(/\s+/)[0] || input.name;
  const lines = [t(wm.greeting, { name: firstName }), t(parts.body, values), t(reasonText[input.cause.reason]), t(parts.action, values)];
  const signature = t(wm.signature);
  return {
    to: input.to,
    subject: t(parts.subject, values),
    text: `${lines.join('\n\n')}\n\n${signature}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(signature)}</p>`,
  };
}

/** Tells the donor their unused credit (a wallet lot, or a gift card they bought) was donated, where and why. */
export const automaticDonationMail = (
  translator: Translator,
  locale: Locale,
  input: WalletMailInput & { source: 'lot' | 'gift_card' },
): MailToSend =>
  compose(translator, locale, input, {
    subject: wm.donatedSubject,
    body: input.source === 'lot' ? wm.donatedLot : wm.donatedGiftCard,
    action: wm.donatedAction,
  });

/** Warns the donor ahead of time: how much expires, when, and where it goes unless spent. */
export const creditExpiringMail = (translator: Translator, locale: Locale, input: WalletMailInput): MailToSend =>
  compose(translator, locale, input, { subject: wm.expiringSubject, body: wm.expiringBody, action: wm.expiringAction });
