import type { CardBrand } from '../../../contracts/cards';
import type { Subscription, SubscriptionCharge } from '../../../contracts/subscriptions';
import type { SubscriptionChargeRow, SubscriptionRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { SavedCardRow } from '../contributions/saved-cards-repository';
import { pixQrImage } from '../payments/pix/qr-image';
import { findSubscriptionWithCard, latestCharges } from './subscriptions-repository';

/** How many past charges GET /subscriptions/current shows. */
export const RECENT_CHARGES = 12;

/**
 * subscriptionSchema of contracts/subscriptions.ts; a removed card shows as none. `qrCode`: the PNG of the
 * combined QR while a Pix Automático subscription awaits its authorisation.
 */
export function presentSubscription(row: SubscriptionRow, card: SavedCardRow | null, qrCode: string | null = null): Subscription {
  const awaiting = row.status === 'awaiting_authorization' ? row.pixAuthorization : null;
  return {
    id: row.id,
    status: row.status,
    amount: row.amountCents,
    payment_method: row.paymentMethod,
    pix_authorization: awaiting && qrCode ? { ...awaiting, qr_code: qrCode } : null,
    card:
      card && card.deletedAt === null
        ? { id: card.id, brand: card.brand as CardBrand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear }
        : null,
    billing_day: row.billingDay,
    next_charge_at: row.nextChargeAt?.toISOString() ?? null,
    retry_count: row.retryCount,
    created_at: row.createdAt.toISOString(),
    paused_at: row.pausedAt?.toISOString() ?? null,
    canceled_at: row.canceledAt?.toISOString() ?? null,
  };
}

export function presentCharge(row: SubscriptionChargeRow): SubscriptionCharge {
  return {
    id: row.id,
    status: row.status,
    amount: row.amountCents,
    period_start: row.periodStart.toISOString(),
    attempt: row.attempt,
    failure_code: row.failureCode,
    card_brand: (row.cardBrand as CardBrand | null) ?? null,
    card_last4: row.cardLast4,
    created_at: row.createdAt.toISOString(),
  };
}

/** The subscription as the API shows it, with its card. */
export async function loadPresentedSubscription(executor: Executor, subscriptionId: string): Promise<Subscription | null> {
  const found = await findSubscriptionWithCard(executor, subscriptionId);
  if (!found) return null;
  const awaiting = found.sub.status === 'awaiting_authorization' ? found.sub.pixAuthorization : null;
  return presentSubscription(found.sub, found.card, awaiting ? await pixQrImage(awaiting.br_code) : null);
}

export async function recentCharges(executor: Executor, subscriptionId: string): Promise<SubscriptionCharge[]> {
  return (await latestCharges(executor, subscriptionId, RECENT_CHARGES)).map(presentCharge);
}
