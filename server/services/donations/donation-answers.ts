import type { Locale } from '../../../contracts/constants';
import { errorCodes, type ErrorCode } from '../../../contracts/errors';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { Translator } from '../../i18n/translator';
import type { StoredResponse } from '../idempotency/idempotency';
import { presentDonation } from './donation-presenter';
import type { DonationWithPayment } from './donations-repository';
import type { PaymentRow } from './payments-repository';
import { givingMessages as gm } from '../../../contracts/giving-messages';

/** How a failed payment answers: a refused card is 402 (the donor may try another), a stale token 400. */
const FAILURES: Record<string, { status: number; code: ErrorCode; message: MessageDescriptor }> = {
  'payment.declined': { status: 402, code: errorCodes.paymentDeclined, message: gm.cardDeclined },
  'payment.insufficient_funds': { status: 402, code: errorCodes.paymentInsufficientFunds, message: gm.cardInsufficientFunds },
  'card.token_invalid': { status: 400, code: errorCodes.cardTokenInvalid, message: gm.cardTokenInvalid },
  'payment.pix_expired': { status: 402, code: errorCodes.pixExpired, message: gm.pixExpired },
};
const PAYMENT_FAILED = { status: 402, code: errorCodes.paymentFailed, message: gm.paymentFailed };

/**
 * The answer to the donor who made the donation: 201 with the donation, its payment and the receipt
 * token, or the failure of a payment that failed at once ({ message, code, donation_id }).
 */
export async function donationAnswer(
  found: DonationWithPayment,
  receiptToken: string,
  translator: Translator,
  locale: Locale,
): Promise<StoredResponse> {
  return (
    failedPaymentAnswer(found.payment, translator, locale, { donation_id: found.donation.id }) ?? {
      status: 201,
      body: await presentDonation(found, receiptToken),
    }
  );
}

/** The answer of a payment that failed at once ({ message, code } and what names the purchase), else null. */
export function failedPaymentAnswer(
  payment: PaymentRow,
  translator: Translator,
  locale: Locale,
  purchase: Record<string, string>,
): StoredResponse | null {
  if (payment.status !== 'failed' && payment.status !== 'expired') return null;
  const failure = FAILURES[payment.failureCode ?? ''] ?? PAYMENT_FAILED;
  return { status: failure.status, body: { message: translator.translate(locale, failure.message), code: failure.code, ...purchase } };
}
