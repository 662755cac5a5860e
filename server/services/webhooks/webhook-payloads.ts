import type { Executor } from '../../db/types';
import { emitWebhookEvent } from './emit-webhook-event';

/**
 * What each event tells (docs/webhooks.md has an example of each): ids, amounts in cents (BRL), the
 * campaign, and the donor's name and e-mail as given at the checkout. Never card data.
 */

interface DonationFacts {
  id: string;
  amountCents: number;
  campaignId: string | null;
  paymentMethod: string;
  contact: { name: string; email: string };
}

export const donationData = (donation: DonationFacts, campaign: { slug: string; title: string } | null, at: Date) => ({
  id: donation.id,
  amount: donation.amountCents,
  currency: 'BRL',
  campaign: campaign ? { id: donation.campaignId, slug: campaign.slug, title: campaign.title } : null,
  method: donation.paymentMethod,
  donor: { name: donation.contact.name, email: donation.contact.email },
  at: at.toISOString(),
});

export const emitDonationEvent = (
  tx: Executor,
  event: 'donation.confirmed' | 'donation.refunded',
  donation: DonationFacts,
  campaign: { slug: string; title: string } | null,
  now: Date,
) => emitWebhookEvent(tx, event, donationData(donation, campaign, now), now);

export const emitSubscriptionEvent = (
  tx: Executor,
  event: 'subscription.created' | 'subscription.canceled',
  sub: { id: string; amountCents: number; cancelReason?: string | null },
  now: Date,
) =>
  emitWebhookEvent(
    tx,
    event,
    {
      id: sub.id,
      amount: sub.amountCents,
      currency: 'BRL',
      ...(event === 'subscription.canceled' ? { reason: sub.cancelReason ?? null } : {}),
    },
    now,
  );
