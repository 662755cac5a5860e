import type { Locale } from '../../../contracts/constants';
import { eq } from 'drizzle-orm';
import type { DonationRequest, DonationResult } from '../../../contracts/donations';
import { campaigns, donations, payments, type PaymentMethodName } from '../../db/schema';
import type { Executor } from '../../db/types';
import { pixQrImage } from '../payments/pix/qr-image';
import { SANDBOX_GATEWAY_PREFIX } from '../payments/sandbox/sandbox-gateway';

export type DonationRow = typeof donations.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Step 1 of a donation: the donation (pending) and its payment (processing), in one transaction. */
export async function insertDonationWithPayment(
  tx: Executor,
  input: {
    request: DonationRequest;
    campaignId: string | null;
    userId: string | null;
    receiptTokenHash: string;
    gateway: string;
    locale: Locale;
    now: Date;
  },
): Promise<{ donation: DonationRow; payment: PaymentRow }> {
  const { request, now } = input;
  const { contact_email: _contactEmail, ...contact } = request.contact;
  const [donation] = await tx
    .insert(donations)
    .values({
      campaignId: input.campaignId,
      userId: input.userId,
      amountCents: request.amount,
      paymentMethod: request.payment.method as PaymentMethodName,
      isAnonymous: request.is_anonymous,
      message: request.message?.trim() ? request.message.trim() : null,
      contact: { ...contact, ...(request.contact.contact_email ? { contact_email: request.contact.contact_email } : {}) },
      address: request.address ?? null,
      sharedCampaignId: request.shared_campaign_id ?? null,
      receiptTokenHash: input.receiptTokenHash,
      locale: input.locale,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!donation) throw new Error('donation not created');
  const [payment] = await tx
    .insert(payments)
    .values({
      donationId: donation.id,
      gateway: input.gateway,
      method: donation.paymentMethod,
      status: 'processing',
      amountCents: donation.amountCents,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payment) throw new Error('payment not created');
  return { donation, payment };
}

export interface DonationWithPayment {
  donation: DonationRow;
  payment: PaymentRow;
  campaign: { slug: string; title: string } | null;
}

/** The donation, its latest payment and its campaign. */
export async function loadDonation(executor: Executor, donationId: string): Promise<DonationWithPayment | null> {
  const rows = await executor
    .select({ donation: donations, payment: payments, campaignSlug: campaigns.slug, campaignTitle: campaigns.title })
    .from(donations)
    .innerJoin(payments, eq(payments.donationId, donations.id))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.id, donationId));
  const latest = rows.sort((a, b) => b.payment.createdAt.getTime() - a.payment.createdAt.getTime())[0];
  if (!latest) return null;
  return {
    donation: latest.donation,
    payment: latest.payment,
    campaign: latest.campaignSlug && latest.campaignTitle ? { slug: latest.campaignSlug, title: latest.campaignTitle } : null,
  };
}

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
  const openPix = payment.pixBrCode !== null && payment.status === 'pending';
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
    payment: {
      method: payment.method,
      status: payment.status,
      failure_code: payment.failureCode,
      card_brand: (payment.cardBrand as DonationResult['payment']['card_brand']) ?? null,
      card_last4: payment.cardLast4,
      br_code: payment.pixBrCode,
      // The QR image is drawn again from the BR Code rather than stored: it is the same text.
      qr_code: openPix && payment.pixBrCode ? await pixQrImage(payment.pixBrCode) : null,
      expires_at: payment.expiresAt?.toISOString() ?? null,
      approve_url: payment.status === 'pending' ? payment.approveUrl : null,
      sandbox_pay_url: sandboxPayUrl(payment),
    },
    ...(giftCard ? { gift_card: { balance: giftCard.balanceCents, expires_at: giftCard.expiresAt.toISOString() } } : {}),
    ...(receiptToken ? { receipt_token: receiptToken } : {}),
  };
}
