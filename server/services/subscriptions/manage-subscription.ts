import { donorMessages as dm } from '../../../contracts/donor-messages';
import { errorCodes } from '../../../contracts/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { SubscriptionPatch, SubscriptionStatus } from '../../../contracts/subscriptions';
import type { SubscriptionRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { conflict, notFound } from '../../domain/errors';
import { enqueueMail } from '../mail/mail-outbox';
import { emitSubscriptionEvent } from '../webhooks/webhook-payloads';
import { nextBillingDateAfter } from './billing-calendar';
import { verifyCancelToken } from './cancel-link';
import { mailContext } from './settle-charge';
import type { SubscriptionDeps } from './subscription-deps';
import { canceledMail } from './subscription-mails';
import { cancelAtBank } from './pix-automatico';
import { usableSavedCard } from '../contributions/saved-cards-repository';
import { findSubscription, lockSubscription, updateSubscription } from './subscriptions-repository';

export const subscriptionNotFound = () => notFound(errorCodes.subscriptionNotFound, dm.subscriptionNotFound);
const wrongState = (message: MessageDescriptor) => conflict(errorCodes.subscriptionStateInvalid, message);

/** The donor's own subscription, locked; another donor's (or none) is 404, so nothing tells it exists. */
async function ownSubscription(tx: Executor, userId: string, subscriptionId: string): Promise<SubscriptionRow> {
  if (!isUuid(subscriptionId)) throw subscriptionNotFound();
  const row = await lockSubscription(tx, subscriptionId, userId);
  if (!row) throw subscriptionNotFound();
  return row;
}

const IS_OPEN: SubscriptionStatus[] = ['awaiting_authorization', 'active', 'past_due', 'paused'];

/**
 * What a donor does with their monthly giving from the profile (and the e-mail's cancel link). Each
 * change locks the row and checks its state first, so a wrong state is a 409 that changes nothing.
 */
export function createSubscriptionManagement(deps: SubscriptionDeps) {
  const { db, gateways } = deps;

  /** A new amount and/or another of the donor's saved cards; both apply from the next charge (a retry included). */
  async function update(userId: string, subscriptionId: string, patch: SubscriptionPatch, now: Date): Promise<string> {
    return db.transaction(async (tx) => {
      const sub = await ownSubscription(tx, userId, subscriptionId);
      if (sub.status === 'canceled') throw wrongState(dm.subscriptionCanceled);
      // A Pix Automático subscription has no card to change.
      if (sub.paymentMethod === 'pix_automatico' && patch.card_id !== undefined) throw wrongState(dm.subscriptionCardNotUsed);
      if (
        patch.card_id !== undefined &&
        !(await usableSavedCard(tx, { cardId: patch.card_id, userId, gateway: gateways.for('card').name }))
      ) {
        throw notFound(errorCodes.savedCardNotFound, gm.savedCardNotFound);
      }
      await updateSubscription(tx, sub.id, {
        ...(patch.amount !== undefined ? { amountCents: patch.amount } : {}),
        ...(patch.card_id !== undefined ? { savedCardId: patch.card_id } : {}),
        updatedAt: now,
      });
      return sub.id;
    });
  }

  /** No charges while paused; a month being retried is dropped. */
  async function pause(userId: string, subscriptionId: string, now: Date): Promise<string> {
    return db.transaction(async (tx) => {
      const sub = await ownSubscription(tx, userId, subscriptionId);
      if (sub.status !== 'active' && sub.status !== 'past_due') throw wrongState(dm.subscriptionNotPausable);
      await updateSubscription(tx, sub.id, { status: 'paused', pausedAt: now, nextChargeAt: null, retryCount: 0, updatedAt: now });
      return sub.id;
    });
  }

  /** Charging restarts on the next billing date; the months skipped while paused are not charged. */
  async function resume(userId: string, subscriptionId: string, now: Date): Promise<string> {
    return db.transaction(async (tx) => {
      const sub = await ownSubscription(tx, userId, subscriptionId);
      if (sub.status !== 'paused') throw wrongState(dm.subscriptionNotPaused);
      const next = nextBillingDateAfter(now, sub.billingDay);
      await updateSubscription(tx, sub.id, {
        status: 'active',
        pausedAt: null,
        currentPeriodStart: next,
        nextChargeAt: next,
        retryCount: 0,
        updatedAt: now,
      });
      return sub.id;
    });
  }

  async function cancel(userId: string, subscriptionId: string, now: Date): Promise<string> {
    const sub = await db.transaction(async (tx) => {
      const sub = await ownSubscription(tx, userId, subscriptionId);
      if (!IS_OPEN.includes(sub.status)) throw wrongState(dm.subscriptionCanceled);
      await cancelLocked(tx, sub, 'donor', now);
      return sub;
    });
    await endRecurrence(sub);
    return sub.id;
  }

  /** A Pix Automático subscription canceled here is canceled at the bank too, once its cancellation is committed. */
  async function endRecurrence(sub: SubscriptionRow): Promise<void> {
    const recurrences = sub.pixRecurrenceId ? gateways.for('pix').recurrences : undefined;
    if (recurrences && sub.pixRecurrenceId) await cancelAtBank(deps, recurrences, sub.pixRecurrenceId);
  }

  /** Whether the token is a good cancel link, and of which subscription (404 otherwise). */
  async function fromLink(token: string): Promise<SubscriptionRow> {
    const id = verifyCancelToken(deps.config.jwtSecret, token);
    const row = id ? await findSubscription(db, id) : null;
    if (!row) throw notFound(errorCodes.subscriptionCancelLinkInvalid, dm.subscriptionCancelLinkInvalid);
    return row;
  }

  /** The e-mail's link: cancels without signing in; following it again answers the same. */
  async function cancelByLink(token: string, now: Date): Promise<SubscriptionRow> {
    const found = await fromLink(token);
    const sub = await db.transaction(async (tx) => {
      const sub = await lockSubscription(tx, found.id);
      if (!sub) throw notFound(errorCodes.subscriptionCancelLinkInvalid, dm.subscriptionCancelLinkInvalid);
      return IS_OPEN.includes(sub.status) ? cancelLocked(tx, sub, 'link', now) : sub;
    });
    await endRecurrence(sub);
    return sub;
  }

  async function cancelLocked(tx: Executor, sub: SubscriptionRow, reason: 'donor' | 'link', now: Date): Promise<SubscriptionRow> {
    const canceled = await updateSubscription(tx, sub.id, {
      status: 'canceled',
      cancelReason: reason,
      canceledAt: now,
      nextChargeAt: null,
      pausedAt: null,
      updatedAt: now,
    });
    // A confirmation of what the donor just did: sent whatever the notification preferences say.
    await enqueueMail(tx, canceledMail(mailContext(deps, sub)), now);
    await emitSubscriptionEvent(tx, 'subscription.canceled', { ...sub, cancelReason: reason }, now);
    return canceled ?? sub;
  }

  return { update, pause, resume, cancel, fromLink, cancelByLink };
}
