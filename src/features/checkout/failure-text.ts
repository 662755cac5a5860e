import { msg } from '@lingui/core/macro';
import type { MessageDescriptor as LinguiDescriptor } from '@lingui/core';
import { errorCodes, messages, type MessageDescriptor } from '../../../contracts';

/**
 * Texts for the failures a checkout can show. Codes come from the machine (an API error code) or from
 * `?error` in the URL, which a crafted link controls: only known codes get their own text, anything
 * else the generic one — the raw value is never shown.
 */
const byCode: Record<string, MessageDescriptor> = {
  [errorCodes.paymentDeclined]: messages.cardDeclined,
  declined: messages.cardDeclined,
  [errorCodes.paymentInsufficientFunds]: messages.cardInsufficientFunds,
  [errorCodes.paymentFailed]: messages.paymentFailed,
  [errorCodes.paypalCancelled]: messages.paypalCancelled,
  paypal_cancelled: messages.paypalCancelled,
  [errorCodes.pixExpired]: messages.pixExpired,
  [errorCodes.cardTokenInvalid]: messages.cardTokenInvalid,
  [errorCodes.savedCardNotFound]: messages.savedCardNotFound,
  [errorCodes.giftCardNotFound]: messages.giftCardNotFound,
  [errorCodes.giftCardInsufficient]: messages.giftCardInsufficient,
  [errorCodes.walletInsufficient]: messages.walletInsufficient,
  [errorCodes.campaignNotFound]: messages.campaignNotFound,
  [errorCodes.campaignNotAccepting]: messages.campaignNotAccepting,
  [errorCodes.rateLimited]: messages.rateLimited,
  [errorCodes.cepNotFound]: messages.cepNotFound,
};

export const genericFailure = msg`O pagamento não foi concluído. Confira os dados e tente de novo.`;
const checkDetails = msg`Confira os dados destacados e tente de novo.`;

/** The one text for a failure code (URL or machine); unknown codes get the generic text. */
export const failureMessage = (code: string): MessageDescriptor | LinguiDescriptor => byCode[code] ?? (code === errorCodes.validation ? checkDetails : genericFailure);

/**
 * Texts to show for a machine failure: our own wording for codes we know; otherwise the server's
 * texts (already translated by Accept-Language) or the generic one.
 */
export function failureTexts(failure: { code: string; messages: string[] }, translate: (d: MessageDescriptor | LinguiDescriptor | string) => string): string[] {
  const known = byCode[failure.code];
  if (known) return [translate(known)];
  if (failure.messages.length > 0) return failure.messages.map((text) => translate(text));
  return [translate(failureMessage(failure.code))];
}
