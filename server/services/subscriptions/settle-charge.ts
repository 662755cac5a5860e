import type { SubscriptionChargeRow, SubscriptionRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { providerFeeReference } from '../donations/provider-fee';
import { creditWallet, postLedgerGroup } from '../ledger';
import { notifyDonor } from '../notifications/create-notification';
import { emitSubscriptionEvent } from '../webhooks/webhook-payloads';
import { nextDueDate, retryAt } from './billing-calendar';
import type { SubscriptionDeps } from './subscription-deps';
import { hasPaidCharge, lockCharge, lockSubscription, updateCharge, updateSubscription } from './subscriptions-repository';
import { chargeFailedMail, chargeSucceededMail, type MonthlyMailContext } from './subscription-mails';

/** The gateway's answer to one charge attempt (or our own refusal when the card is gone). */
export type ChargeAnswer =
  /** `feeCents`: what the provider kept of the charge (docs/ledger.md, "Fees"). */
  | { status: 'succeeded'; gatewayRef: string; brand: string | null; last4: string | null; feeCents?: number }
  | { status: 'failed'; gatewayRef: string | null; failureCode: string; brand: string | null; last4: string | null };

/** What settling did to the subscription. */
export type SettleOutcome = 'succeeded' | 'failed' | 'canceled';

export const chargeReference = (chargeId: string): string => `subscription_charge:${chargeId}`;

export function mailContext(deps: Pick<SubscriptionDeps, 'translator' | 'config'>, sub: SubscriptionRow): MonthlyMailContext {
  const contact = sub.contact;
  return {
    translator: deps.translator,
    config: deps.config,
    locale: sub.locale,
    to: contact.email,
    name: contact.is_company ? contact.contact_name || contact.name : contact.name,
    subscriptionId: sub.id,
    amountCents: sub.amountCents,
  };
}

/**
 * Whether the subscription is still waiting for exactly this attempt (not paused, canceled or moved on since).
 * A Pix Automático month is one charge whatever its retries (the donor's bank retries the same debit).
 */
const awaits = (sub: SubscriptionRow, charge: SubscriptionChargeRow): boolean =>
  (sub.status === 'active' || sub.status === 'past_due' || sub.status === 'awaiting_authorization') &&
  sub.currentPeriodStart.getTime() === charge.periodStart.getTime() &&
  (charge.kind === 'pix_cobr' || sub.retryCount === charge.attempt);

/**
 * Records the gateway's answer on a charge that is still processing, in one transaction with what
 * follows from it, so it happens once whoever settles it (the request, the job, a replay):
 * - paid: the wallet gets a lot that expires when the next month falls due, the subscription moves to
 *   that month (active, retries reset) and the donor is told;
 * - refused: the next retry is scheduled (past_due), or after the last one the subscription is
 *   canceled; the donor is told each time. A subscription never paid (its first charge, made while the
 *   donor waits at checkout) is canceled at once instead: the checkout shows the refusal.
 * Money that arrives for a subscription paused or canceled meanwhile still becomes credit.
 * Resolves to null when the charge was already settled.
 */
export async function settleCharge(
  deps: SubscriptionDeps,
  chargeId: string,
  answer: ChargeAnswer,
  now: Date,
  options: { donorWaiting?: boolean } = {},
): Promise<SettleOutcome | null> {
  return deps.db.transaction(async (tx) => {
    const charge = await lockCharge(tx, chargeId);
    if (!charge || charge.status !== 'processing') return null;
    const sub = await lockSubscription(tx, charge.subscriptionId);
    if (!sub) return null;
    const base = { gatewayRef: answer.gatewayRef, cardBrand: answer.brand, cardLast4: answer.last4, settledAt: now };
    if (answer.status === 'succeeded') await postChargeFee(tx, charge, answer.feeCents ?? 0);
    return answer.status === 'succeeded'
      ? paid(tx, deps, sub, charge, { ...base }, now)
      : refused(tx, deps, sub, charge, { ...base, failureCode: answer.failureCode }, now, options.donorWaiting === true);
  });
}

/**
 * A monthly charge's provider fee, in the transaction that records the charge: the whole charge becomes
 * the donor's credit, so the general fund bears the fee, as for a gift-card order. Once per charge.
 */
async function postChargeFee(tx: Executor, charge: SubscriptionChargeRow, feeCents: number): Promise<void> {
  if (feeCents <= 0) return;
  await postLedgerGroup(tx, {
    kind: 'provider_fee',
    reference: providerFeeReference(charge.id),
    description: `subscription_charge ${charge.id}`,
    lines: [
      { account: { kind: 'general_fund' }, amountCents: -feeCents },
      { account: { kind: 'platform_fees' }, amountCents: feeCents },
    ],
  });
}

async function paid(
  tx: Executor,
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  set: Partial<SubscriptionChargeRow>,
  now: Date,
): Promise<SettleOutcome> {
  const nextDue = nextDueDate(charge.periodStart, sub.billingDay);
  const reference = chargeReference(charge.id);
  const { lotId } = await creditWallet(tx, {
    userId: charge.userId,
    amountCents: charge.amountCents,
    origin: 'monthly_credit',
    expiresAt: nextDue,
    sourceRef: reference,
    from: { kind: 'gateway_clearing', gateway: charge.gateway },
    reference,
    description: `monthly ${set.gatewayRef ?? ''}`.trim(),
  });
  await updateCharge(tx, charge.id, { ...set, status: 'succeeded', lotId });
  if (awaits(sub, charge)) {
    await updateSubscription(tx, sub.id, {
      status: 'active',
      retryCount: 0,
      currentPeriodStart: nextDue,
      nextChargeAt: nextDue,
      // Paid with the combined QR: the authorisation is done, its QR is no longer shown.
      pixAuthorization: null,
      updatedAt: now,
    });
  }
  const ctx = { ...mailContext(deps, sub), amountCents: charge.amountCents };
  await notifyDonor(tx, {
    userId: charge.userId,
    type: 'monthly_charge_succeeded',
    metadata: {
      subscription_id: sub.id,
      charge_id: charge.id,
      amount: charge.amountCents,
      period_start: charge.periodStart.toISOString(),
      expires_at: nextDue.toISOString(),
    },
    now,
    dedupeKey: reference,
    email: chargeSucceededMail(ctx, { brand: set.cardBrand ?? null, last4: set.cardLast4 ?? null, creditExpiresAt: nextDue }),
  });
  return 'succeeded';
}

async function refused(
  tx: Executor,
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  set: Partial<SubscriptionChargeRow> & { failureCode: string },
  now: Date,
  donorWaiting: boolean,
): Promise<SettleOutcome> {
  await updateCharge(tx, charge.id, { ...set, status: 'failed' });
  if (!awaits(sub, charge)) return 'failed';
  const neverPaid = !(await hasPaidCharge(tx, sub.id));
  // A Pix Automático month fails only once the bank's own retries ran out (pix-automatico.ts): nothing left to try.
  const retry = neverPaid || charge.kind !== 'card' ? null : retryAt(charge.periodStart, charge.attempt);
  if (retry) {
    await updateSubscription(tx, sub.id, { status: 'past_due', retryCount: charge.attempt + 1, nextChargeAt: retry, updatedAt: now });
  } else {
    await endSubscription(tx, sub, 'payment_failed', now);
  }
  // A combined QR left unpaid is not a refusal to tell anyone about: the donor simply did not go on.
  if (!donorWaiting && charge.kind !== 'pix_cob') {
    await tellChargeFailed(tx, deps, sub, charge, { failureCode: set.failureCode, attempt: charge.attempt, retry, now });
  }
  return retry ? 'failed' : 'canceled';
}

/** Ends a subscription here (for any reason but the donor's own, which manage-subscription.ts confirms by e-mail). */
export async function endSubscription(tx: Executor, sub: SubscriptionRow, reason: 'payment_failed' | 'bank', now: Date): Promise<void> {
  await updateSubscription(tx, sub.id, {
    status: 'canceled',
    cancelReason: reason,
    canceledAt: now,
    nextChargeAt: null,
    pausedAt: null,
    pixAuthorization: null,
    updatedAt: now,
  });
  await emitSubscriptionEvent(tx, 'subscription.canceled', { ...sub, cancelReason: reason }, now);
}

/**
 * Tells the donor a month's charge was refused (notification and e-mail, once per `attempt`): when it is tried
 * again (`retry`), or that the subscription ended (null). A Pix Automático debit is retried by their bank.
 */
export async function tellChargeFailed(
  tx: Executor,
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  input: { failureCode: string; attempt: number; retry: Date | null; now: Date },
): Promise<void> {
  const ctx = { ...mailContext(deps, sub), amountCents: charge.amountCents };
  await notifyDonor(tx, {
    userId: charge.userId,
    type: 'monthly_charge_failed',
    metadata: {
      subscription_id: sub.id,
      charge_id: charge.id,
      amount: charge.amountCents,
      period_start: charge.periodStart.toISOString(),
      failure_code: input.failureCode,
      attempt: input.attempt,
      retry_at: input.retry?.toISOString() ?? null,
      canceled: input.retry === null,
    },
    now: input.now,
    // A card's retries are charges of their own; a Pix Automático month's are tries of one debit.
    dedupeKey: charge.attempt === input.attempt ? chargeReference(charge.id) : `${chargeReference(charge.id)}:retry:${input.attempt}`,
    email: chargeFailedMail(ctx, { failureCode: input.failureCode, retryAt: input.retry, pix: charge.kind !== 'card' }),
  });
}
