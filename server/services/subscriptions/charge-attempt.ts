import type { SubscriptionChargeRow, SubscriptionRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { findSavedCard } from '../contributions/saved-cards-repository';
import { takesCards } from '../payments/capabilities';
import type { CardChargeResult } from '../payments/gateway';
import { payerOfUser } from '../payments/payer';
import { followPixCharge } from './pix-automatico';
import { settleCharge, type ChargeAnswer, type SettleOutcome } from './settle-charge';
import type { SubscriptionDeps } from './subscription-deps';

export const MONTHLY_CHARGE_DESCRIPTION = 'Doação mensal Semear';

/** The token of the subscription's card, if the donor still has it. */
async function cardOf(
  executor: Executor,
  sub: SubscriptionRow,
  gateway: string,
): Promise<{ token: string; brand: string; last4: string } | null> {
  if (!sub.savedCardId) return null;
  const card = await findSavedCard(executor, sub.savedCardId);
  if (!card || card.deletedAt !== null || card.gateway !== gateway) return null;
  return { token: card.gatewayToken, brand: card.brand, last4: card.last4 };
}

/** null: the provider is still deciding (in review); the charge stays processing for the stale-charge look-up. */
const fromGateway = (result: CardChargeResult): ChargeAnswer | null =>
  result.status === 'succeeded'
    ? { status: 'succeeded', gatewayRef: result.gatewayRef, brand: result.brand, last4: result.last4, feeCents: result.feeCents }
    : result.status === 'pending'
      ? null
      : { status: 'failed', gatewayRef: result.gatewayRef, failureCode: result.failureCode, brand: result.brand, last4: result.last4 };

/**
 * Charges a claimed attempt with the subscription's card — idempotency key = the charge id, so
 * sending it again never charges twice — and settles it. Month by month: nothing is ever
 * pre-authorised. A card the donor removed fails the attempt without reaching the gateway.
 */
export async function chargeClaimed(
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  now: Date,
  options: { donorWaiting?: boolean } = {},
): Promise<SettleOutcome | null> {
  // Pix Automático: the month's debit is sent to the donor's bank, which settles it on its due date.
  if (charge.kind !== 'card') return followPixCharge(deps, sub, charge, now);
  const named = deps.gateways.named(charge.gateway);
  // A provider that takes no cards (any more) cannot charge the card: as for a removed card, the donor chooses another.
  const gateway = named && takesCards(named) ? named : null;
  const card = gateway ? await cardOf(deps.db, sub, gateway.name) : null;
  const answer: ChargeAnswer | null =
    gateway && card
      ? fromGateway(
          await gateway.chargeCard({
            idempotencyKey: charge.id,
            amountCents: charge.amountCents,
            cardToken: card.token,
            description: MONTHLY_CHARGE_DESCRIPTION,
            // The donor is not present: the provider charges the card on file for its holder's account.
            payer: await payerOfUser(deps.db, sub.userId),
          }),
        )
      : { status: 'failed', gatewayRef: null, failureCode: 'card.saved_not_found', brand: null, last4: null };
  await deps.hooks?.afterGatewayCall?.(charge.id);
  return answer ? settleCharge(deps, charge.id, answer, now, options) : null;
}

/**
 * A charge left 'processing' by a crash (or a lost answer): the gateway is asked what became of it,
 * by our charge id, and its answer settled. If the gateway never received it, it is sent now with
 * the same key.
 */
export async function settleStaleCharge(
  deps: SubscriptionDeps,
  sub: SubscriptionRow,
  charge: SubscriptionChargeRow,
  now: Date,
  options: { donorWaiting?: boolean } = {},
): Promise<SettleOutcome | null> {
  if (charge.kind !== 'card') return followPixCharge(deps, sub, charge, now);
  const gateway = deps.gateways.named(charge.gateway);
  const state = gateway ? await gateway.lookup(charge.id) : null;
  if (!gateway || !state) return chargeClaimed(deps, sub, charge, now, options);
  // Still in review (or on its way): asked again on the next look-up, never counted as refused.
  if (state.status === 'pending') return null;
  const card = await cardOf(deps.db, sub, gateway.name);
  const shown = { brand: card?.brand ?? null, last4: card?.last4 ?? null };
  const answer: ChargeAnswer =
    state.status === 'succeeded'
      ? { status: 'succeeded', gatewayRef: state.gatewayRef, ...shown, feeCents: state.feeCents }
      : { status: 'failed', gatewayRef: state.gatewayRef, failureCode: state.failureCode ?? 'payment.failed', ...shown };
  return settleCharge(deps, charge.id, answer, now, options);
}
