import type { Locale } from '../../../contracts/constants';
import type { Database, Executor } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import type { AccountRef } from '../ledger';
import { postLedgerGroup } from '../ledger';
import { enqueueMail } from '../mail/mail-outbox';
import { emitDonationEvent } from '../webhooks/webhook-payloads';
import { notifyDonor } from '../notifications/create-notification';
import { confirmOpenDonation, donationCampaign, markDonationConfirmed, type DonationRow } from './donations-repository';
import { INTERNAL_GATEWAY, lockPayment, type PaymentRow } from './payments-repository';
import { receiptMail } from './receipt-mail';

export interface ConfirmDeps {
  db: Database;
  clock: Clock;
  translator: Translator;
  /** Links in the e-mails a confirmation sends (a gift card's page). */
  config: Pick<Config, 'publicUrl'>;
}

/** Where a donation's money lands: its campaign, or the general fund. */
export const donationTarget = (donation: Pick<DonationRow, 'campaignId'>): AccountRef =>
  donation.campaignId ? { kind: 'campaign', campaignId: donation.campaignId } : { kind: 'general_fund' };

export const donationReference = (donationId: string): string => `donation:${donationId}`;

/**
 * Marks a donation whose money is on the ledger as confirmed, tells a signed-in donor (notification)
 * and queues the receipt, all in the caller's transaction.
 */
export async function finishConfirmation(...args: Parameters<typeof tellOfConfirmation>): Promise<void> {
  const [tx, , donation, now] = args;
  // Only a gift card or the wallet pays without a provider's answer to wait for.
  await markDonationConfirmed(tx, donation.id, now, { method: donation.paymentMethod, gateway: INTERNAL_GATEWAY });
  await tellOfConfirmation(...args);
}

/** What tells of a confirmed donation: the donor's notification, the receipt and the webhook event (the outbox). */
async function tellOfConfirmation(
  tx: Executor,
  deps: Pick<ConfirmDeps, 'translator'>,
  donation: DonationRow,
  now: Date,
  locale: Locale,
  known?: { campaign: { slug: string; title: string } | null },
): Promise<void> {
  // The caller may have read the campaign already (the donation's request did).
  const campaign = known ? known.campaign : donation.campaignId ? await donationCampaign(tx, donation.campaignId) : null;
  // The receipt below is the e-mail; the notification is in-app only.
  if (donation.userId) {
    const metadata = {
      donation_id: donation.id,
      amount: donation.amountCents,
      campaign: campaign ? { slug: campaign.slug, title: campaign.title } : null,
    };
    await notifyDonor(tx, { userId: donation.userId, type: 'donations', metadata, now });
  }
  const mail = receiptMail(deps.translator, locale, {
    to: donation.contact.email,
    name: donation.contact.is_company ? (donation.contact.contact_name ?? donation.contact.name) : donation.contact.name,
    amountCents: donation.amountCents,
    campaignTitle: campaign?.title ?? null,
    confirmedAt: now,
    donationId: donation.id,
  });
  await enqueueMail(tx, mail, now);
  await emitDonationEvent(tx, 'donation.confirmed', donation, campaign, now);
}

export type ConfirmOutcome = 'confirmed' | 'already_settled' | 'not_paid';

/**
 * Step 4 of a donation, in its own transaction and idempotent: a succeeded payment whose donation is
 * still open gets its ledger group ('donation:<id>', gateway clearing → campaign or general fund)
 * and the donation is confirmed. Running it again, or after a crash, changes nothing more.
 */
export async function confirmDonation(deps: ConfirmDeps, paymentId: string, options: { locale?: Locale } = {}): Promise<ConfirmOutcome> {
  return deps.db.transaction(async (tx) => confirmDonationIn(tx, deps, await lockPayment(tx, paymentId), options));
}

/**
 * Step 4 in the caller's transaction, for a payment it has locked (read `for update`, or just moved):
 * the ledger group and, in the same commit, what tells of it (the outbox: the receipt e-mail, the
 * donor's notification, the webhook event), so none is ever written without the other.
 */
export async function confirmDonationIn(
  tx: Executor,
  deps: Pick<ConfirmDeps, 'clock' | 'translator'>,
  payment: PaymentRow | null,
  options: {
    locale?: Locale;
    campaign?: { slug: string; title: string } | null;
    /** Told of the donation as confirmed (the caller answers with it rather than reading it again). */
    onConfirmed?: (donation: DonationRow) => void;
  } = {},
): Promise<ConfirmOutcome> {
  if (!payment || payment.status !== 'succeeded') return 'not_paid';
  if (!payment.donationId) return 'not_paid';
  const now = deps.clock.now();
  // Confirming the open donation is what locks it (the row lock of the update, as `for update` did):
  // a second confirmation waits for this commit, then finds it settled. One statement instead of a
  // locking read and then the update (issue 26); the rest reads only fields confirming leaves alone.
  const donation = await confirmOpenDonation(tx, payment.donationId, now, payment);
  if (!donation) return 'already_settled';
  await postLedgerGroup(tx, {
    kind: 'donation',
    reference: donationReference(donation.id),
    description: `${payment.method} ${payment.gatewayRef ?? ''}`.trim(),
    lines: [
      { account: { kind: 'gateway_clearing', gateway: payment.gateway }, amountCents: -payment.amountCents },
      { account: donationTarget(donation), amountCents: payment.amountCents },
    ],
  });
  // The request's language when confirmed while the donor waits, else the one the donor gave in.
  const known = options.campaign === undefined ? undefined : { campaign: options.campaign };
  await tellOfConfirmation(tx, deps, donation, now, options.locale ?? donation.locale, known);
  options.onConfirmed?.(donation);
  return 'confirmed';
}
