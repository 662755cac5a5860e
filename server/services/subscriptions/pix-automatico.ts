import { PIX_DEBIT_NOT_ACCEPTED } from '../../../contracts/subscriptions';
import type { SubscriptionChargeRow, SubscriptionRow } from '../../db/schema';
import { enqueueMail } from '../mail/mail-outbox';
import { offersRecurrences } from '../payments/capabilities';
import type { PaymentGateway, RecurringPixPayments } from '../payments/gateway';
import type { PixRecurrences } from '../payments/recurrences';
import { addSaoPauloDays } from './billing-calendar';
import { endSubscription, mailContext, settleCharge, tellChargeFailed, type ChargeAnswer, type SettleOutcome } from './settle-charge';
import { alertDebitRefused } from './pix-debit-alert';
import type { SubscriptionDeps } from './subscription-deps';
import { canceledAtBankMail } from './subscription-mails';
import {
  findCharge,
  findSubscription,
  lockSubscription,
  subscriptionOfRecurrence,
  updateCharge,
  updateSubscription,
} from './subscriptions-repository';

/**
 * Monthly giving by Pix Automático (docs/payments.md, "Monthly giving by Pix Automático"). The donor pays
 * the first month with a combined QR that also authorises the recurrence; each later month is a debit
 * sent to their bank a few days before its due date (PIX_DEBIT_LEAD_DAYS: the rules accept 2 to 10) and
 * settled, like a card month, by settle-charge.ts. The bank's webhooks are hints: every charge and
 * recurrence is read back first.
 */

/** How often a debit still waiting for its due date (or the bank's retry) is asked about without a webhook. */
export const PIX_RECHECK_MS = 60 * 60_000;

type PixDeps = SubscriptionDeps;

/** How long a first month the bank does not know may still be on its way (a request in flight, a retry). */
const UNKNOWN_FIRST_MONTH_MS = 60 * 60_000;

type RecurringGateway = PaymentGateway & RecurringPixPayments;

/** The provider of a Pix Automático charge, with its recurrences; null when it is gone from the configuration. */
function providerOf(deps: PixDeps, charge: SubscriptionChargeRow): RecurringGateway | null {
  const gateway = deps.gateways.named(charge.gateway);
  return offersRecurrences(gateway) ? gateway : null;
}

/**
 * Where a Pix Automático charge stands at the bank, settled when it is decided: the first month's immediate
 * charge (paid, or expired unpaid), or a month's debit (paid, refused with a retry asked for, or failed
 * with no retry left). A debit the bank never received is sent now. null: still pending.
 */
export async function followPixCharge(
  deps: PixDeps,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  now: Date,
): Promise<SettleOutcome | null> {
  const gateway = providerOf(deps, charge);
  if (!gateway) return null;
  const outcome =
    charge.kind === 'pix_cob' ? await followFirstMonth(deps, gateway, charge, now) : await followDebit(deps, gateway, sub, charge, now);
  if (outcome === 'canceled' && sub.pixRecurrenceId) await cancelAtBank(deps, gateway.recurrences, sub.pixRecurrenceId);
  return outcome;
}

/** The bank's answer in settle-charge.ts's terms: a PIX has no card to show. */
const paid = (gatewayRef: string): ChargeAnswer => ({ status: 'succeeded', gatewayRef, brand: null, last4: null });
const failed = (gatewayRef: string | null, failureCode: string): ChargeAnswer => ({
  status: 'failed',
  gatewayRef,
  failureCode,
  brand: null,
  last4: null,
});

const noAnswerYet = async (deps: PixDeps, charge: SubscriptionChargeRow, now: Date): Promise<null> => {
  await updateCharge(deps.db, charge.id, { checkedAt: now });
  return null;
};

async function followFirstMonth(
  deps: PixDeps,
  gateway: PaymentGateway,
  charge: SubscriptionChargeRow,
  now: Date,
): Promise<SettleOutcome | null> {
  const state = await gateway.lookup(charge.id);
  // The bank never got the charge (the request died before it, and was not retried): after a while the
  // subscription waits for nothing, and ends so the donor can subscribe again.
  if (!state && charge.createdAt.getTime() <= now.getTime() - UNKNOWN_FIRST_MONTH_MS) {
    return settleCharge(deps, charge.id, failed(null, 'payment.expired'), now);
  }
  if (!state || state.status === 'pending') return noAnswerYet(deps, charge, now);
  if (state.status === 'succeeded') {
    // What the payer's bank sent must be what was charged (as for a PIX donation): otherwise nothing is recorded.
    if (state.paidCents !== undefined && state.paidCents !== charge.amountCents) {
      deps.log?.error({ chargeId: charge.id, paidCents: state.paidCents }, 'Pix Automático first month paid another amount than charged');
      return noAnswerYet(deps, charge, now);
    }
    return settleCharge(deps, charge.id, paid(state.gatewayRef), now);
  }
  return settleCharge(deps, charge.id, failed(state.gatewayRef, 'payment.expired'), now);
}

async function followDebit(
  deps: PixDeps,
  gateway: RecurringGateway,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  now: Date,
): Promise<SettleOutcome | null> {
  const { recurrences } = gateway;
  // A debit the bank refused was never made: it is only sent again, changed (sendDebit).
  if (charge.debitRefusal) return sendDebit(deps, recurrences, sub, charge, now);
  const debit = await recurrences.debit(charge.id);
  if (!debit) return sendDebit(deps, recurrences, sub, charge, now);
  switch (debit.status) {
    case 'pending':
      return noAnswerYet(deps, charge, now);
    case 'paid':
      if (debit.amountCents !== charge.amountCents) {
        deps.log?.error({ chargeId: charge.id, amountCents: debit.amountCents }, 'Pix Automático debit of another amount than charged');
        return noAnswerYet(deps, charge, now);
      }
      return settleCharge(deps, charge.id, paid(debit.gatewayRef), now);
    case 'failed':
      return settleCharge(deps, charge.id, failed(debit.gatewayRef, 'pix.debit_refused'), now);
    case 'refused':
      if (debit.retryPending) return noAnswerYet(deps, charge, now);
      return askRetry(deps, recurrences, sub, charge, debit, now);
  }
}

/**
 * The month's debit, sent once the claim is ours; a recurrence the donor never authorised fails the month. A debit
 * the bank refuses (4xx: a request it will never take as it is, such as no receiving account or one not the NGO's)
 * is recorded on the charge, which the donor's subscription shows, and the admins are told; the same request is
 * not sent again (the hourly follow-up sends it once something in it changed, such as the payout account).
 */
async function sendDebit(
  deps: PixDeps,
  recurrences: PixRecurrences,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  now: Date,
): Promise<SettleOutcome | null> {
  const recurrence = sub.pixRecurrenceId ? await recurrences.recurrence(sub.pixRecurrenceId) : null;
  if (!sub.pixRecurrenceId || recurrence?.status !== 'authorized') {
    return settleCharge(deps, charge.id, failed(null, 'pix.recurrence_not_authorized'), now);
  }
  const sending = await recurrences.scheduleDebit({
    chargeId: charge.id,
    recurrenceId: sub.pixRecurrenceId,
    amountCents: charge.amountCents,
    dueOn: charge.periodStart,
    unlessRefused: charge.debitRefusal?.request ?? null,
  });
  if (sending.status === 'refused') {
    deps.log?.error({ chargeId: charge.id, reason: sending.reason }, 'Pix Automático debit refused by the bank: not sent again as it is');
    await deps.db.transaction(async (tx) => {
      const refusal = { request: sending.request, reason: sending.reason, at: now.toISOString() };
      await updateCharge(tx, charge.id, { failureCode: PIX_DEBIT_NOT_ACCEPTED, debitRefusal: refusal, checkedAt: now });
      await alertDebitRefused(tx, deps, charge, sending.reason, now);
    });
    return null;
  }
  if (sending.status === 'sent') {
    if (charge.debitRefusal) await updateCharge(deps.db, charge.id, { failureCode: null, debitRefusal: null });
    await deps.hooks?.afterGatewayCall?.(charge.id);
  }
  return noAnswerYet(deps, charge, now);
}

/**
 * A refused debit with retries left: the donor's bank is asked to try again tomorrow (the rules allow three
 * retries within seven days of the due date), the subscription shows it is behind, and the donor is told once
 * per retry. The bank refusing the retry (its window over) fails the month.
 */
async function askRetry(
  deps: PixDeps,
  recurrences: PixRecurrences,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  debit: { gatewayRef: string; retries: number },
  now: Date,
): Promise<SettleOutcome | null> {
  const on = addSaoPauloDays(now, 1);
  try {
    await recurrences.retryDebit(charge.id, on);
  } catch (error) {
    deps.log?.warn({ err: error, chargeId: charge.id }, 'Pix Automático retry refused by the bank: the month fails');
    return settleCharge(deps, charge.id, failed(debit.gatewayRef, 'pix.debit_refused'), now);
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || (locked.status !== 'active' && locked.status !== 'past_due')) return;
    await updateSubscription(tx, sub.id, { status: 'past_due', retryCount: debit.retries + 1, nextChargeAt: on, updatedAt: now });
    await updateCharge(tx, charge.id, { checkedAt: now });
    await tellChargeFailed(tx, deps, locked, charge, { failureCode: 'pix.debit_refused', attempt: debit.retries + 1, retry: on, now });
  });
  return 'failed';
}

/** Ends the recurrence at the bank after it ended here; a failure is logged (no debit is sent for a canceled subscription). */
export async function cancelAtBank(deps: Pick<PixDeps, 'log'>, recurrences: PixRecurrences, recurrenceId: string): Promise<void> {
  try {
    await recurrences.cancel(recurrenceId);
  } catch (error) {
    deps.log?.error({ err: error, recurrenceId }, 'Pix Automático recurrence not canceled at the bank');
  }
}

/**
 * News of a recurrence from the bank's webhook, read back: one the donor canceled in their bank app (or
 * that was rejected or expired before it ran) ends the subscription here, and the donor is told.
 */
export async function applyRecurrenceNews(deps: PixDeps, gateway: PaymentGateway, recurrenceId: string, now: Date): Promise<boolean> {
  if (!gateway.recurrences) return false;
  const found = await subscriptionOfRecurrence(deps.db, recurrenceId);
  if (!found || found.status === 'canceled') return false;
  const state = await gateway.recurrences.recurrence(recurrenceId);
  if (state?.status !== 'ended') return false;
  return deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, found.id);
    if (!sub || sub.status === 'canceled') return false;
    const started = sub.status !== 'awaiting_authorization';
    await endSubscription(tx, sub, 'bank', now);
    if (started) await enqueueMail(tx, canceledAtBankMail(mailContext(deps, sub)), now);
    return true;
  });
}

/** A debit's news from the bank's webhook (its txid names our charge): read back and settled. */
export async function applyDebitNews(deps: PixDeps, chargeId: string, now: Date): Promise<SettleOutcome | null> {
  const charge = await findCharge(deps.db, chargeId);
  if (!charge || charge.status !== 'processing' || charge.kind === 'card') return null;
  const sub = await findSubscription(deps.db, charge.subscriptionId);
  return sub ? followPixCharge(deps, sub, charge, now) : null;
}
