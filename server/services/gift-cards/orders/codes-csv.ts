import type { Locale } from '../../../../contracts/constants';
import { brazilianCsv } from '../../exports/brazilian-csv';
import { formatBrlText, formatLongDate } from '../../../i18n/format';
import type { Translator } from '../../../i18n/translator';
import { giftCardMailMessages as gm } from '../gift-card-mail-messages';
import type { GiftCardRow } from '../gift-cards-repository';
import { giftCardPageUrl } from '../remind-expiring';

/**
 * The codes a buyer hands out, as a CSV Brazilian Excel opens as it is (UTF-8 BOM, `;`): number,
 * code, value, expiry, recipient and the card's page. Every cell is safe from formula injection
 * (a message or a name typed as `=…` stays text).
 */
export function codesCsv(translator: Translator, locale: Locale, cards: readonly GiftCardRow[], publicUrl: string): string {
  const t = (d: { id: string; message: string }) => translator.translate(locale, d);
  const header = [t(gm.csvNumber), t(gm.csvCode), t(gm.csvValue), t(gm.csvExpiry), t(gm.csvRecipient), t(gm.csvLink)];
  return brazilianCsv([
    header,
    ...cards.map((card) => [
      String((card.position ?? 0) + 1),
      card.code,
      formatBrlText(card.valueCents),
      formatLongDate(card.expiresAt, locale),
      card.recipientName ?? '',
      giftCardPageUrl(publicUrl, card.code),
    ]),
  ]);
}
