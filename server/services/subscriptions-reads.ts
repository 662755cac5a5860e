import type { CurrentSubscription, Subscription } from '../../contracts/subscriptions';
import type { Executor } from '../db/types';
import { loadPresentedSubscription, recentCharges } from './subscriptions/subscription-presenter';
import { currentSubscriptionOf } from './subscriptions/subscriptions-repository';

/**
 * What the /subscriptions routes read, beside services/subscriptions/ (whose rules they leave alone):
 * a subscription as the API presents it, and the donor's current one with its latest charges.
 */

/** The subscription as presented; it was just read or changed, so its absence is a bug. */
export async function presentedSubscription(db: Executor, subscriptionId: string): Promise<Subscription> {
  const found = await loadPresentedSubscription(db, subscriptionId);
  if (!found) throw new Error(`subscription ${subscriptionId} vanished`);
  return found;
}

/** The donor's current subscription and its recent charges; none yet is a null subscription. */
export async function currentSubscription(db: Executor, userId: string): Promise<CurrentSubscription> {
  const current = await currentSubscriptionOf(db, userId);
  if (!current) return { subscription: null, charges: [] };
  return { subscription: await presentedSubscription(db, current.id), charges: await recentCharges(db, current.id) };
}
