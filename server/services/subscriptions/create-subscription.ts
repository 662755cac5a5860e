import type { Locale } from '../../../contracts/constants';
import { donorMessages as dm } from '../../../contracts/donor-messages';
import { errorCodes } from '../../../contracts/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';
import type { SubscriptionRequest } from '../../../contracts/subscriptions';
import { isUniqueViolation } from '../../db/errors';
import type { Transaction } from '../../db/types';
import { conflict, invalid, notFound } from '../../domain/errors';
import type { Clock } from '../clock';
import { promoteDefaultCard, removeSavedCard } from '../contributions/saved-cards';
import { insertSavedCard, savedCardByToken, usableSavedCard, type SavedCardRow } from '../contributions/saved-cards-repository';
import type { StoredResponse } from '../idempotency/idempotency';
import { failureAnswerOf } from '../payments/failure-answers';
import { payerOfUser } from '../payments/payer';
import type { SavedCardToken } from '../payments/gateway';
import { billingDayOf, firstPeriodStart } from './billing-calendar';
import { chargeClaimed, settleStaleCharge } from './charge-attempt';
import type { NewSubscription, SubscriptionDeps } from './subscription-deps';
import { loadPresentedSubscription, presentCharge } from './subscription-presenter';
import { findCharge, findSubscription, insertCharge, insertSubscription, openSubscriptionOf } from './subscriptions-repository';
import { emitSubscriptionEvent } from '../webhooks/webhook-payloads';
import { createPixSubscriptions } from './create-pix-subscription';

export type { NewSubscription } from './subscription-deps';

/**
 * POST /subscriptions: the first month is charged while the donor waits. Like a donation it goes in
 * steps so a crash loses nothing: (1) the subscription and the claim of its first charge, with the
 * idempotency note, in one transaction; (2) the gateway call keyed by the charge id; (3) the answer
 * settled with the wallet credit (settle-charge.ts). A refused first charge cancels the subscription.
 */
export function createSubscriptionService(deps: SubscriptionDeps & { clock: Clock; pixExpiresS?: number }) {
  const { db, clock } = deps;
  // New monthly giving goes to the card provider in force (its charges name it; later ones follow the charge's row).
  const gateway = deps.gateways.for('card');
  const pix = createPixSubscriptions({ ...deps, answer: (chargeId, locale) => answer(chargeId, locale, null) });

  async function create(input: NewSubscription): Promise<StoredResponse> {
    const { request, userId } = input;
    if (await openSubscriptionOf(db, userId)) throw alreadyOpen();
    if (request.payment.method === 'pix_automatico') return pix.create(input);
    const chosen = await cardFor(request, userId);
    const now = clock.now();
    const periodStart = firstPeriodStart(now);
    const created = await db
      .transaction(async (tx) => {
        // The new card is saved in the transaction that opens the subscription: a request that loses the
        // race for the one open subscription (409) leaves no card behind.
        const { card, saved } = 'card' in chosen ? { card: chosen.card, saved: false } : await saveCard(tx, userId, chosen.kept);
        const { contact_email: contactEmail, ...contact } = request.contact;
        const sub = await insertSubscription(tx, {
          userId,
          amountCents: request.amount,
          status: 'active',
          savedCardId: card.id,
          billingDay: billingDayOf(now),
          currentPeriodStart: periodStart,
          // Due now: should this request die after the charge, the charge job settles it.
          nextChargeAt: periodStart,
          contact: { ...contact, ...(contactEmail ? { contact_email: contactEmail } : {}) },
          address: request.address,
          locale: input.locale,
          createdAt: now,
          updatedAt: now,
        });
        if (!sub) throw new Error('subscription not created');
        await emitSubscriptionEvent(tx, 'subscription.created', sub, now);
        const charge = await insertCharge(tx, {
          subscriptionId: sub.id,
          userId,
          periodStart,
          attempt: 0,
          amountCents: sub.amountCents,
          gateway: gateway.name,
          createdAt: now,
        });
        if (!charge) throw new Error('subscription charge not created');
        const newCardId = saved ? card.id : null;
        await input.checkpoint(tx, { subscription_id: sub.id, charge_id: charge.id, locale: input.locale, saved_card_id: newCardId });
        return { sub, charge, newCardId };
      })
      .catch((error: unknown) => {
        // Two first requests at once: the one-open-per-donor index lets one through.
        throw isUniqueViolation(error) ? alreadyOpen() : error;
      });
    await chargeClaimed(deps, created.sub, created.charge, clock.now(), { donorWaiting: true });
    return answer(created.charge.id, input.locale, created.newCardId);
  }

  /** A retry of a request that died after its charge was claimed: settle it, then answer as the first would have. */
  async function resume(note: Record<string, unknown>): Promise<StoredResponse> {
    const chargeId = String(note.charge_id);
    const locale = (note.locale as Locale | undefined) ?? 'pt';
    const charge = await findCharge(db, chargeId);
    const sub = charge ? await findSubscription(db, charge.subscriptionId) : null;
    if (!charge || !sub) throw new Error(`subscription charge ${chargeId} vanished`);
    if (sub.paymentMethod === 'pix_automatico') return pix.resume(sub, charge, locale);
    if (charge.status === 'processing') await settleStaleCharge(deps, sub, charge, clock.now(), { donorWaiting: true });
    return answer(chargeId, locale, typeof note.saved_card_id === 'string' ? note.saved_card_id : null);
  }

  /**
   * The card to charge, checked before anything is written: a saved card of this donor, or a new
   * card the gateway knows and keeps for the next months (saved by `saveCard` with the subscription).
   */
  async function cardFor(request: SubscriptionRequest, userId: string): Promise<{ card: SavedCardRow } | { kept: SavedCardToken }> {
    const p = request.payment;
    if (p.method === 'pix_automatico') throw new Error('a Pix Automático subscription has no card');
    if (p.method === 'saved_card') {
      const card = await usableSavedCard(db, { cardId: p.card_id, userId, gateway: gateway.name });
      if (!card) throw notFound(errorCodes.savedCardNotFound, gm.savedCardNotFound);
      return { card };
    }
    if (!(await gateway.describeCard(p.card_token))) throw invalid(errorCodes.cardTokenInvalid, gm.cardTokenInvalid);
    const payer = await payerOfUser(db, userId);
    const kept = await gateway.saveCard({ cardToken: p.card_token, customerRef: userId, payer }).catch(() => {
      throw invalid(errorCodes.cardTokenInvalid, gm.cardTokenInvalid);
    });
    return { kept };
  }

  /** The donor's saved card for the gateway's token (a new row unless they saved it before). */
  async function saveCard(tx: Transaction, userId: string, kept: SavedCardToken): Promise<{ card: SavedCardRow; saved: boolean }> {
    const values = {
      userId,
      gateway: gateway.name,
      gatewayToken: kept.token,
      brand: kept.brand,
      last4: kept.last4,
      expMonth: kept.expMonth,
      expYear: kept.expYear,
      holderName: kept.holderName,
    };
    const inserted = await insertSavedCard(tx, values);
    const card = inserted ?? (await savedCardByToken(tx, kept.token));
    if (!card || card.userId !== userId) throw invalid(errorCodes.cardTokenInvalid, gm.cardTokenInvalid);
    await promoteDefaultCard(tx, userId);
    return { card, saved: inserted !== null };
  }

  /** 201 with the subscription and its first charge, or the refusal; a refused new card is not kept. */
  async function answer(chargeId: string, locale: Locale, newCardId: string | null): Promise<StoredResponse> {
    const charge = await findCharge(db, chargeId);
    if (!charge) throw new Error(`subscription charge ${chargeId} vanished`);
    if (charge.status === 'failed') {
      if (newCardId) await removeSavedCard(db, charge.userId, newCardId, clock.now());
      const failure = failureAnswerOf(charge.failureCode);
      return { status: failure.status, body: { message: deps.translator.translate(locale, failure.message), code: failure.code } };
    }
    const subscription = await loadPresentedSubscription(db, charge.subscriptionId);
    if (!subscription) throw new Error(`subscription ${charge.subscriptionId} vanished`);
    return { status: 201, body: { subscription, charge: presentCharge(charge) } };
  }

  return { create, resume };
}

const alreadyOpen = () => conflict(errorCodes.subscriptionAlreadyOpen, dm.subscriptionAlreadyOpen);

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
