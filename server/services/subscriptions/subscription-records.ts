import { and, desc, eq, exists, isNull, ne } from 'drizzle-orm';
import type { CardBrand } from '../../../contracts/cards';
import type { Subscription, SubscriptionCharge } from '../../../contracts/subscriptions';
import { savedCards, subscriptionCharges, subscriptions, type SubscriptionChargeRow, type SubscriptionRow } from '../../db/schema';
import type { Executor } from '../../db/types';

export type SavedCardRow = typeof savedCards.$inferSelect;

/** Subscriptions the charge job acts on. */
export const BILLABLE_STATUSES = ['active', 'past_due'] as const;
/** How many past charges GET /subscriptions/current shows. */
export const RECENT_CHARGES = 12;

/** The donor's saved card that can still be charged on this gateway, or null. */
export async function usableSavedCard(
  executor: Executor,
  input: { cardId: string; userId: string; gateway: string },
): Promise<SavedCardRow | null> {
  const [card] = await executor
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, input.cardId),
        eq(savedCards.userId, input.userId),
        eq(savedCards.gateway, input.gateway),
        isNull(savedCards.deletedAt),
      ),
    );
  return card ?? null;
}

/** The donor's subscription that is not canceled, if any (there is at most one). */
export async function openSubscriptionOf(executor: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * What the donor's wallet page shows: the open subscription, else the last one that ran (had a paid
 * month) and was canceled, so the page can say when it ended. A first charge that was declined never
 * started a subscription: it is not shown.
 */
export async function currentSubscriptionOf(executor: Executor, userId: string): Promise<SubscriptionRow | null> {
  const open = await openSubscriptionOf(executor, userId);
  if (open) return open;
  const paid = executor
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptions.id), eq(subscriptionCharges.status, 'succeeded')));
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), exists(paid)))
    .orderBy(desc(subscriptions.canceledAt), desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** subscriptionSchema of contracts/subscriptions.ts; a removed card shows as none. */
export function presentSubscription(row: SubscriptionRow, card: SavedCardRow | null): Subscription {
  return {
    id: row.id,
    status: row.status,
    amount: row.amountCents,
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
  const [found] = await executor
    .select({ sub: subscriptions, card: savedCards })
    .from(subscriptions)
    .leftJoin(savedCards, eq(savedCards.id, subscriptions.savedCardId))
    .where(eq(subscriptions.id, subscriptionId));
  return found ? presentSubscription(found.sub, found.card) : null;
}

export async function recentCharges(executor: Executor, subscriptionId: string): Promise<SubscriptionCharge[]> {
  const rows = await executor
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionCharges.createdAt), desc(subscriptionCharges.attempt))
    .limit(RECENT_CHARGES);
  return rows.map(presentCharge);
}
