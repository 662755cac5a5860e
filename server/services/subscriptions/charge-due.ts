import type { SubscriptionChargeRow, SubscriptionRow } from '../../db/schema';
import { latestBillingDateAtOrBefore, nextDueDate } from './billing-calendar';
import { chargeClaimed, settleStaleCharge } from './charge-attempt';
import { PIX_RECHECK_MS } from './pix-automatico';
import type { SettleOutcome } from './settle-charge';
import {
  dueSubscriptionIds,
  findChargeAttempt,
  insertChargeUnlessClaimed,
  lockDueSubscription,
  updateSubscription,
} from './subscriptions-repository';
import type { SubscriptionDeps } from './subscription-deps';

export type { SubscriptionDeps } from './subscription-deps';

/** A charge still 'processing' this long after it was claimed lost its answer (crash): ask the gateway. */
export const STALE_CHARGE_MS = 60_000;
const BATCH = 100;

export interface ChargeDueReport {
  charged: number;
  failed: number;
  canceled: number;
}

type Claim = { sub: SubscriptionRow; charge: SubscriptionChargeRow; stale: boolean };

/**
 * Whether a processing charge is to be asked about: a card charge that lost its answer; a Pix Automático
 * debit, which waits days for its due date, at most hourly (its webhook usually comes first).
 */
function isStale(charge: SubscriptionChargeRow, now: Date): boolean {
  if (charge.status !== 'processing') return false;
  const since = charge.kind === 'pix_cobr' ? (charge.checkedAt ?? charge.createdAt) : charge.createdAt;
  return since.getTime() <= now.getTime() - (charge.kind === 'pix_cobr' ? PIX_RECHECK_MS : STALE_CHARGE_MS);
}

/**
 * Takes the attempt a due subscription owes, exactly once: the (subscription, period, attempt) row
 * is the claim, inserted with `on conflict do nothing` under a skip-locked lock of the subscription.
 * Whoever inserts it charges; anyone else finds it and leaves it alone — unless it has been
 * processing for longer than STALE_CHARGE_MS, when the owner evidently died and it is settled here.
 */
async function claim(deps: SubscriptionDeps, subscriptionId: string, now: Date): Promise<Claim | null> {
  return deps.db.transaction(async (tx) => {
    const found = await lockDueSubscription(tx, subscriptionId, now);
    if (!found) return null;
    let sub = found;
    // A whole month went by without this job (downtime): bill the month running now, not the missed ones.
    if (nextDueDate(sub.currentPeriodStart, sub.billingDay).getTime() <= now.getTime()) {
      const current = latestBillingDateAtOrBefore(now, sub.billingDay);
      const moved = await updateSubscription(tx, sub.id, {
        currentPeriodStart: current,
        nextChargeAt: current,
        retryCount: 0,
        updatedAt: now,
      });
      sub = moved ?? found;
    }
    const pix = sub.paymentMethod === 'pix_automatico';
    // A Pix Automático month is one debit, retried by the donor's bank itself: always attempt 0.
    const attempt = { subscriptionId: sub.id, periodStart: sub.currentPeriodStart, attempt: pix ? 0 : sub.retryCount };
    const inserted = await insertChargeUnlessClaimed(tx, {
      ...attempt,
      userId: sub.userId,
      amountCents: sub.amountCents,
      gateway: pix ? deps.gateways.for('pix').name : deps.gateways.for('card').name,
      kind: pix ? 'pix_cobr' : 'card',
      createdAt: now,
    });
    if (inserted) return { sub, charge: inserted, stale: false };
    const existing = await findChargeAttempt(tx, attempt);
    return existing && isStale(existing, now) ? { sub, charge: existing, stale: true } : null;
  });
}

/** Claims, charges and settles one due subscription; null when someone else has it. */
export async function chargeSubscription(deps: SubscriptionDeps, subscriptionId: string, now: Date): Promise<SettleOutcome | null> {
  const claimed = await claim(deps, subscriptionId, now);
  if (!claimed) return null;
  return claimed.stale ? settleStaleCharge(deps, claimed.sub, claimed.charge, now) : chargeClaimed(deps, claimed.sub, claimed.charge, now);
}

/**
 * The monthly charge job (a pg-boss cron every minute): charges every active or past_due
 * subscription whose next charge is due. Safe to run twice or on several nodes at once — each
 * attempt is charged once — and a crash between the gateway and the ledger is settled by a later run.
 * One subscription's failure (the gateway unreachable) does not stop the others.
 */
export async function chargeDueSubscriptions(deps: SubscriptionDeps, now: Date): Promise<ChargeDueReport> {
  const report: ChargeDueReport = { charged: 0, failed: 0, canceled: 0 };
  let after: string | null = null;
  for (;;) {
    const due = await dueSubscriptionIds(deps.db, now, after, BATCH);
    for (const { id } of due) {
      try {
        const outcome = await chargeSubscription(deps, id, now);
        if (outcome === 'succeeded') report.charged++;
        else if (outcome === 'failed') report.failed++;
        else if (outcome === 'canceled') report.canceled++;
      } catch (error) {
        // The attempt stays 'processing' and is settled by a later run.
        deps.log?.error({ err: error, subscriptionId: id }, 'monthly charge interrupted');
      }
    }
    if (due.length < BATCH) return report;
    after = due[due.length - 1]!.id;
  }
}
