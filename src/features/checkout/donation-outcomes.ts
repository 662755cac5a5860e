import type { DonationResult } from '../../../contracts';
import type { SubmissionAnswer } from '../../../machines/checkout/checkout.machine';
import type { PixCheck, PixOutcome } from '../../../machines/checkout/pix-payment.machine';

/** A donation's answer in the checkout's terms: confirmed, an open PIX or PayPal approval, or declined. */
export function donationAnswerOf(result: DonationResult): SubmissionAnswer {
  const { donation, payment } = result;
  if (donation.status === 'confirmed') return { status: 'confirmed', id: donation.id };
  // A card in review at the provider (Mercado Pago's in_process): the checkout's part is done; the
  // thank-you page says the payment awaits approval, and its webhook confirms the donation later.
  if (payment.method === 'card' && payment.status === 'pending') return { status: 'confirmed', id: donation.id };
  if (payment.method === 'pix' && payment.br_code !== null) {
    return { status: 'pending_pix', id: donation.id, pix: { id: donation.id, receiptToken: result.receipt_token ?? null, payment } };
  }
  if (payment.method === 'paypal' && payment.approve_url !== null) {
    return { status: 'pending_paypal', id: donation.id, approveUrl: payment.approve_url };
  }
  return { status: 'declined', id: donation.id, failureCode: payment.failure_code };
}

/** Where a PIX donation stands: settled (confirmed, expired, failed) or still open (null). */
export function donationPixCheckOf(result: DonationResult): PixCheck {
  return { outcome: pixOutcomeOf(result), payment: result.payment };
}

function pixOutcomeOf({ donation, payment }: DonationResult): PixOutcome | null {
  if (donation.status === 'confirmed') return 'confirmed';
  if (donation.status === 'expired' || payment.status === 'expired') return 'expired';
  if (donation.status === 'failed' || payment.status === 'failed') return 'failed';
  return null;
}
