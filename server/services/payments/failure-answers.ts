import { errorCodes, type ErrorCode } from '../../../contracts/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import type { MessageDescriptor } from '../../../contracts/messages';

export interface FailureAnswer {
  status: number;
  code: ErrorCode;
  message: MessageDescriptor;
}

/**
 * How a refused payment answers the donor who waits for it (a donation, a first monthly charge): a
 * refused card is 402 (they may try another), an unusable token 400, each with the text that says what
 * to do. A code not listed here answers the generic "could not complete the payment".
 */
const FAILURES: Record<string, FailureAnswer> = {
  'payment.declined': { status: 402, code: errorCodes.paymentDeclined, message: gm.cardDeclined },
  'payment.insufficient_funds': { status: 402, code: errorCodes.paymentInsufficientFunds, message: gm.cardInsufficientFunds },
  'payment.bad_security_code': { status: 402, code: errorCodes.paymentBadSecurityCode, message: gm.cardBadSecurityCode },
  'payment.card_data_invalid': { status: 402, code: errorCodes.paymentCardDataInvalid, message: gm.cardDataInvalid },
  'payment.call_for_authorize': { status: 402, code: errorCodes.paymentCallForAuthorize, message: gm.cardCallForAuthorize },
  'payment.card_disabled': { status: 402, code: errorCodes.paymentCardDisabled, message: gm.cardDisabled },
  'payment.duplicated': { status: 402, code: errorCodes.paymentDuplicated, message: gm.cardDuplicatedPayment },
  'card.token_invalid': { status: 400, code: errorCodes.cardTokenInvalid, message: gm.cardTokenInvalid },
  'card.not_accepted': { status: 400, code: errorCodes.cardNotAccepted, message: gm.cardNotAccepted },
  'payment.pix_expired': { status: 402, code: errorCodes.pixExpired, message: gm.pixExpired },
};
const PAYMENT_FAILED: FailureAnswer = { status: 402, code: errorCodes.paymentFailed, message: gm.paymentFailed };

export const failureAnswerOf = (failureCode: string | null): FailureAnswer => FAILURES[failureCode ?? ''] ?? PAYMENT_FAILED;
