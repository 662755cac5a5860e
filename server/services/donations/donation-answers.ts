import type { Locale } from '../../../contracts/constants';
import type { Translator } from '../../i18n/translator';
import type { StoredResponse } from '../idempotency/idempotency';
import { presentDonation } from './donation-presenter';
import type { DonationWithPayment } from './donations-repository';
import type { PaymentRow } from './payments-repository';
import { failureAnswerOf } from '../payments/failure-answers';

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
  const failure = failureAnswerOf(payment.failureCode);
  return { status: failure.status, body: { message: translator.translate(locale, failure.message), code: failure.code, ...purchase } };
}
