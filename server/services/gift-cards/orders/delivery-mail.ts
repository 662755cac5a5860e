import type { Locale } from '../../../../contracts/constants';
import { GIFT_CARD_TEMPLATE_LOOKS } from '../../../../contracts/gift-card-templates';
import { escapeHtml } from '../../../http/escape-html';
import { formatBrlText, formatLongDate } from '../../../i18n/format';
import type { Translator } from '../../../i18n/translator';
import type { MailToSend } from '../../mail/mail-outbox';
import { mailMessages } from '../../mail/mail-messages';
import { giftCardMailMessages as gm } from '../gift-card-mail-messages';
import type { GiftCardRow } from '../gift-cards-repository';
import { giftCardPageUrl } from '../remind-expiring';
import { logoUrl } from '../store-company-logo';
import type { GiftCardOrderRow } from './gift-card-orders-repository';

/**
 * The card's own e-mail to its recipient: the template's artwork with the value, the message and who
 * sends it, the code, the expiry written out, and a "use it now" button to the card's page (where a
 * visitor signs in or up and comes back to redeem it). Tables and inline styles: what mail clients draw.
 */
export function giftCardDeliveryMail(
  translator: Translator,
  input: { card: GiftCardRow; order: Pick<GiftCardOrderRow, 'template' | 'message' | 'sender' | 'locale' | 'logoId'>; publicUrl: string },
): MailToSend {
  const { card, order } = input;
  const locale: Locale = order.locale;
  const t = (d: { id: string; message: string }, values?: Record<string, string>) => translator.translate(locale, d, values);
  const values = {
    from: order.sender,
    amount: formatBrlText(card.valueCents),
    message: order.message,
    code: card.code,
    date: formatLongDate(card.expiresAt, locale),
  };
  const url = giftCardPageUrl(input.publicUrl, card.code);
  const firstName = card.recipientName?.split(/\s+/)[0];
  const greeting = firstName ? t(gm.greeting, { name: firstName }) : t(gm.greetingAnonymous);
  const lines = [t(gm.deliveryIntro, values), t(gm.deliveryMessage, values), t(gm.deliveryCode, values), t(gm.deliveryExpiry, values)];
  const action = t(gm.deliveryAction);
  const signature = t(mailMessages.signature);
  const look = GIFT_CARD_TEMPLATE_LOOKS[order.template];
  const e = escapeHtml;
  // A company's batch carries its logo (19:9, on white) where the card says Semear.
  const brand = order.logoId
    ? `<img src="${e(`${input.publicUrl}${logoUrl(order.logoId)}`)}" alt="${e(order.sender)}" width="95" height="45" style="display:block;background:#FFFFFF;border-radius:6px">`
    : `Semear <span aria-hidden="true">${look.motif}</span>`;
  const cardHtml = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;border-radius:16px;background:${look.from};background-image:linear-gradient(135deg,${look.from},${look.to});color:${look.ink}"><tr><td style="padding:24px;font-family:Arial,sans-serif"><div style="font-size:14px;font-weight:bold">${brand}</div><div style="font-size:36px;font-weight:bold;margin:16px 0 8px">${e(values.amount)}</div><div style="font-size:16px;line-height:1.4">${e(order.message)}</div><div style="font-size:13px;margin-top:16px">${e(t(gm.deliveryExpiry, values))}</div></td></tr></table>`;
  return {
    to: card.recipientEmail ?? '',
    subject: t(gm.deliverySubject, values),
    text: `${[greeting, ...lines, `${action}: ${url}`].join('\n\n')}\n\n${signature}\n`,
    html: [
      `<p>${e(greeting)}</p>`,
      `<p>${e(lines[0] ?? '')}</p>`,
      cardHtml,
      `<p>${e(lines[1] ?? '')}</p>`,
      `<p style="font-family:monospace;font-size:16px">${e(lines[2] ?? '')}</p>`,
      `<p><a href="${e(url)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#1F8A5B;color:#FFFFFF;text-decoration:none;font-weight:bold">${e(action)}</a></p>`,
      `<p>${e(signature)}</p>`,
    ].join(''),
  };
}
