import type { Executor } from '../../db/types';
import { postLedgerGroup } from '../ledger';
import type { GatewayEvent } from '../payments/gateway';
import { donationTarget } from './confirm-donation';
import { confirmPayment } from './purchase-settlement';
import { donationCampaign, lockDonation, markDonationRefunded } from './donations-repository';
import { emitDonationEvent } from '../webhooks/webhook-payloads';
import { heldCentsOf, SENT_TO_GATEWAY } from '../refunds/refunds';
import { findPayment, markPaymentRefunded, type PaymentRow } from './payments-repository';
import { expirePayment, recordGatewayState } from './payment-outcomes';
import type { ReconcileDeps } from './reconcile';
import { isUuid } from '../../db/uuid';
import { alertChargeback, type ChargebackAlertDeps } from '../refunds/chargeback-alert';
import { postProviderFee } from './provider-fee';
import { paidOtherThanCharged, refuseMismatchedPayment } from './amount-mismatch';
import { reverseGiftCardOrder } from '../gift-cards/orders/reverse-order';

export type EventOutcome = 'applied' | 'unchanged' | 'unknown_payment';

/**
 * Applies a verified gateway event to the payment it names (its idempotency key is our payment id;
 * gateway and amount must match too). Each transition only moves an open row, so a replayed event
 * changes nothing.
 */
export async function applyGatewayEvent(deps: ReconcileDeps, gatewayName: string, event: GatewayEvent): Promise<EventOutcome> {
  const { db, clock } = deps;
  if (!isUuid(event.idempotencyKey)) return 'unknown_payment';
  const payment = await findPayment(db, event.idempotencyKey, gatewayName);
  if (!payment || payment.amountCents !== event.amountCents) return 'unknown_payment';
  const now = clock.now();
  switch (event.type) {
    case 'payment.succeeded': {
      if (paidOtherThanCharged(payment, event.paidCents)) {
        const { paidCents } = event;
        const refused = await db.transaction((tx) =>
          refuseMismatchedPayment(tx, deps, payment, { gatewayRef: event.gatewayRef, paidCents }, now),
        );
        return refused ? 'applied' : 'unchanged';
      }
      await db.transaction(async (tx) => {
        await recordGatewayState(tx, payment, { status: 'succeeded', gatewayRef: event.gatewayRef }, now);
        await postProviderFee(tx, payment, { status: 'succeeded', feeCents: event.feeCents });
      });
      return (await confirmPayment(deps, payment.id)) === 'confirmed' ? 'applied' : 'unchanged';
    }
    case 'payment.failed':
      return (await db.transaction((tx) => recordGatewayState(tx, payment, { status: 'failed', gatewayRef: event.gatewayRef }, now)))
        ? 'applied'
        : 'unchanged';
    case 'payment.expired':
      return (await db.transaction((tx) => expirePayment(tx, payment, now))) ? 'applied' : 'unchanged';
    case 'payment.refunded':
      return (await db.transaction(async (tx) => {
        // The provider keeps its fee on a refund or a chargeback: one not posted yet (a late word) still is.
        await postProviderFee(tx, payment, { status: 'refunded', feeCents: event.feeCents });
        if (payment.giftCardOrderId) return reverseGiftCardOrder(tx, deps, payment, event.chargeback === true, now);
        return refundDonation(tx, payment, now, event.chargeback ? deps : null);
      }))
        ? 'applied'
        : 'unchanged';
  }
}

/**
 * A refund the gateway announces takes a confirmed donation's money back out of its campaign (or the
 * general fund) into the gateway's clearing account: group 'refund:<donation id>', once. What admins
 * already refunded through Semear (refunds.ts, groups 'refund:<refund id>') is not taken twice: only
 * the rest moves, and none when they refunded it all. A refund still `processing` counts as refunded:
 * the gateway may have done it before a crash kept its books from being written; its own run (the
 * retry of its request, or the refunds-resume job) writes them.
 *
 * A chargeback (`chargeback` given: the donor's bank took the money back) moves the same money in a
 * 'chargeback:<donation id>' group, which the donation's history names as such, and tells the admins.
 */
export async function refundDonation(
  tx: Executor,
  payment: PaymentRow,
  now: Date,
  chargeback: ChargebackAlertDeps | null = null,
): Promise<boolean> {
  // A gift-card order taken back at the provider voids its cards instead (reverseGiftCardOrder).
  if (!payment.donationId) return false;
  const donation = await lockDonation(tx, payment.donationId);
  if (!donation || donation.status !== 'confirmed') return false;
  const rest = donation.amountCents - (await heldCentsOf(tx, donation.id, [...SENT_TO_GATEWAY]));
  if (rest > 0) {
    await postLedgerGroup(tx, {
      kind: chargeback ? 'chargeback' : 'refund',
      reference: `${chargeback ? 'chargeback' : 'refund'}:${donation.id}`,
      lines: [
        { account: donationTarget(donation), amountCents: -rest },
        { account: { kind: 'gateway_clearing', gateway: payment.gateway }, amountCents: rest },
      ],
    });
  }
  await markDonationRefunded(tx, donation.id, now, payment);
  await markPaymentRefunded(tx, payment.id, now);
  const campaign = donation.campaignId ? await donationCampaign(tx, donation.campaignId) : null;
  if (rest > 0) await emitDonationEvent(tx, 'donation.refunded', { ...donation, amountCents: rest }, campaign, now);
  if (chargeback) {
    const donationAlert = {
      donationId: donation.id,
      donor: donation.contact.name,
      amountCents: payment.amountCents,
      refundedCents: Math.max(rest, 0),
      campaignTitle: campaign?.title ?? null,
      gateway: payment.gateway,
      gatewayRef: payment.gatewayRef,
    };
    await alertChargeback(tx, chargeback, donationAlert, now);
  }
  return true;
}
