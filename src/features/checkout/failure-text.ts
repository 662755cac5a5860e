import { msg } from '@lingui/core/macro';
import type { MessageDescriptor as LinguiDescriptor } from '@lingui/core';
import { errorCodes, messages, type MessageDescriptor } from '../../../contracts';
import { givingMessages } from '../../../contracts/giving-messages';

/**
 * Texts for the failures a checkout can show. Codes come from the machine (an API error code) or from
 * `?error` in the URL, which a crafted link controls: only known codes get their own text, anything
 * else the generic one — the raw value is never shown.
 */
const byCode: Record<string, MessageDescriptor | LinguiDescriptor> = {
  [errorCodes.paymentDeclined]: givingMessages.cardDeclined,
  declined: givingMessages.cardDeclined,
  [errorCodes.paymentInsufficientFunds]: givingMessages.cardInsufficientFunds,
  [errorCodes.paymentFailed]: givingMessages.paymentFailed,
  [errorCodes.paymentBadSecurityCode]: givingMessages.cardBadSecurityCode,
  [errorCodes.paymentCardDataInvalid]: givingMessages.cardDataInvalid,
  [errorCodes.paymentCallForAuthorize]: givingMessages.cardCallForAuthorize,
  [errorCodes.paymentCardDisabled]: givingMessages.cardDisabled,
  [errorCodes.paymentDuplicated]: givingMessages.cardDuplicatedPayment,
  [errorCodes.paymentProviderUnavailable]: givingMessages.paymentProviderUnavailable,
  [errorCodes.paypalCancelled]: givingMessages.paypalCancelled,
  paypal_cancelled: givingMessages.paypalCancelled,
  [errorCodes.pixExpired]: givingMessages.pixExpired,
  [errorCodes.cardTokenInvalid]: givingMessages.cardTokenInvalid,
  [errorCodes.cardNotAccepted]: givingMessages.cardNotAccepted,
  [errorCodes.savedCardNotFound]: givingMessages.savedCardNotFound,
  [errorCodes.giftCardNotFound]: givingMessages.giftCardNotFound,
  [errorCodes.giftCardInsufficient]: givingMessages.giftCardInsufficient,
  [errorCodes.walletInsufficient]: givingMessages.walletInsufficient,
  [errorCodes.campaignNotFound]: givingMessages.campaignNotFound,
  [errorCodes.campaignNotAccepting]: givingMessages.campaignNotAccepting,
  [errorCodes.rateLimited]: messages.rateLimited,
  [errorCodes.cepNotFound]: givingMessages.cepNotFound,
  // What a reload learned of the attempt it found open (docs/checkout.md "Lost answers").
  [errorCodes.idempotencyAttemptUnknown]: msg`Seu último pagamento não chegou até nós: nada foi cobrado. Confira os dados e conclua.`,
  [errorCodes.idempotencyInProgress]: msg`Ainda não sabemos como terminou o seu último pagamento. Se você concluir agora, ele não será cobrado duas vezes.`,
};

export const genericFailure = msg`O pagamento não foi concluído. Confira os dados e tente de novo.`;
const checkDetails = msg`Confira os dados destacados e tente de novo.`;

/** The one text for a failure code (URL or machine); unknown codes get the generic text. */
export const failureMessage = (code: string): MessageDescriptor | LinguiDescriptor =>
  byCode[code] ?? (code === errorCodes.validation ? checkDetails : genericFailure);

/**
 * Texts to show for a machine failure: our own wording for codes we know; otherwise the server's
 * texts (already translated by Accept-Language) or the generic one.
 */
export function failureTexts(
  failure: { code: string; messages: string[] },
  translate: (d: MessageDescriptor | LinguiDescriptor | string) => string,
): string[] {
  const known = byCode[failure.code];
  if (known) return [translate(known)];
  if (failure.messages.length > 0) return failure.messages.map((text) => translate(text));
  return [translate(failureMessage(failure.code))];
}
