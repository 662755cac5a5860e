import type { Notification } from '../../../contracts';

/**
 * What the views read from a notification's metadata (contracts/notifications.ts: amount in cents,
 * campaign {slug,title} or null, dates as ISO strings…). Metadata is loosely typed on the wire, so
 * each field is checked and missing ones come back as null.
 */
export interface NotificationFacts {
  amount: number | null;
  campaign: { slug: string; title: string } | null;
  /** Credit or gift card validity, or when expiring credit goes. */
  expiresAt: string | null;
  /** Next attempt of a failed monthly charge. */
  retryAt: string | null;
  /** A failed monthly charge that ended the subscription. */
  canceled: boolean;
  /** Who sent a gift card. */
  from: string | null;
  /** Automatic donation of expired gift-card credit (else unused monthly credit). */
  fromGiftCard: boolean;
  /** The year a yearly statement is about. */
  year: number | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function factsOf(notification: Notification): NotificationFacts {
  const m = notification.metadata;
  const campaign = m.campaign as { slug?: unknown; title?: unknown } | null | undefined;
  return {
    amount: typeof m.amount === 'number' && Number.isFinite(m.amount) ? m.amount : null,
    campaign:
      campaign && text(campaign.slug) && text(campaign.title) ? { slug: campaign.slug as string, title: campaign.title as string } : null,
    expiresAt: text(m.expires_at) ?? text(m.expired_at),
    retryAt: text(m.retry_at),
    canceled: m.canceled === true,
    from: text(m.from),
    fromGiftCard: m.source === 'gift_card',
    year: typeof m.year === 'number' && Number.isInteger(m.year) ? m.year : null,
  };
}
