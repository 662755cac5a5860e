import type { DonationResult, Payment } from '../../../contracts/donations';
import { pixQrImage } from '../payments/pix/qr-image';
import { SANDBOX_GATEWAY_PREFIX } from '../payments/sandbox/sandbox-gateway';
import type { DonationWithPayment } from './donations-repository';
import type { PaymentRow } from './payments-repository';

/** The embedded sandbox's page where a tester pays this PIX (its txid is the gateway ref); null elsewhere. */
const sandboxPayUrl = (payment: PaymentRow): string | null =>
  payment.gateway === 'sandbox' && payment.method === 'pix' && payment.gatewayRef
    ? `${SANDBOX_GATEWAY_PREFIX}/pix/${encodeURIComponent(payment.gatewayRef)}`
    : null;

/**
 * donationResultSchema of contracts/donations.ts (receipt_token only in the creator's answer; the
 * gift card's balance after the payment only when the caller looked it up).
 */
export async function presentDonation(
  found: DonationWithPayment,
  receiptToken?: string,
  giftCard?: { balanceCents: number; expiresAt: Date } | null,
): Promise<DonationResult> {
  const { donation, payment, campaign } = found;
  return {
    donation: {
      id: donation.id,
      status: donation.status,
      amount: donation.amountCents,
      payment_method: donation.paymentMethod,
      campaign,
      is_anonymous: donation.isAnonymous,
      message: donation.message,
      created_at: donation.createdAt.toISOString(),
      confirmed_at: donation.confirmedAt?.toISOString() ?? null,
    },
    payment: await presentPayment(payment),
    ...(giftCard ? { gift_card: { balance: giftCard.balanceCents, expires_at: giftCard.expiresAt.toISOString() } } : {}),
    ...(receiptToken ? { receipt_token: receiptToken } : {}),
  };
}

/** paymentSchema of contracts/donations.ts: a donation's or a gift-card order's payment. */
export async function presentPayment(payment: PaymentRow): Promise<Payment> {
  const openPix = payment.pixBrCode !== null && payment.status === 'pending';
  return {
    method: payment.method,
    status: payment.status,
    failure_code: payment.failureCode,
    card_brand: (payment.cardBrand as Payment['card_brand']) ?? null,
    card_last4: payment.cardLast4,
    br_code: payment.pixBrCode,
    // The QR image is drawn again from the BR Code rather than stored: it is the same text.
    qr_code: openPix && payment.pixBrCode ? await pixQrImage(payment.pixBrCode) : null,
    expires_at: payment.expiresAt?.toISOString() ?? null,
    approve_url: payment.status === 'pending' ? payment.approveUrl : null,
    sandbox_pay_url: sandboxPayUrl(payment),
  };
}
