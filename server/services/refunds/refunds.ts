import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { donations, ledgerEntries, ledgerGroups, payments, refunds, walletLots } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, forbidden, notFound, refused } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import type { Clock } from '../clock';
import { donationReference, donationTarget } from '../donations/confirm-donation';
import { donationCampaign, lockDonation, markDonationRefunded } from '../donations/donations-repository';
import { INTERNAL_GATEWAY, markPaymentRefunded } from '../donations/payments-repository';
import { countRefund } from '../../metrics/metrics';
import { creditWallet, postLedgerGroup } from '../ledger';
import { enqueueMail } from '../mail/mail-outbox';
import type { RefundResult } from '../payments/gateway';
import type { PaymentGateways } from '../payments/gateways';
import { emitDonationEvent } from '../webhooks/webhook-payloads';
import { refundedCreditExpiry, refundToGiftCard, type RefundDestination } from './gift-card-refund';
import { refundMail } from './refund-mail';

/**
 * Refunds (docs/admin.md): all or part of a confirmed donation, in as many refunds as needed, never more
 * in all than was captured — the donation's row is locked while the amount is reserved, so concurrent
 * requests cannot overdraw it. A card, PIX or PayPal refund goes through the gateway (keyed by the
 * refund's id, so a retry or a resumed crash refunds once); a gift-card or wallet payment's credit goes
 * back where it came from. The money returns through the ledger in group 'refund:<id>', the donor is told
 * by e-mail, and `donation.refunded` goes to the webhooks. Once a donation's refunds together pass the
 * configured amount, a second admin approves first.
 */

export interface RefundDeps {
  db: Database;
  gateways: PaymentGateways;
  translator: Translator;
  clock: Clock;
  config: { refundApprovalAboveCents: number };
}

export type RefundRow = typeof refunds.$inferSelect;
type DonationRow = typeof donations.$inferSelect;

/** Statuses whose amount counts against what is left to refund. */
export const HOLDING = ['awaiting_approval', 'processing', 'succeeded'] as const;
/** Statuses whose amount the gateway was asked to give back (done, or being done when a crash may have struck). */
export const SENT_TO_GATEWAY = ['processing', 'succeeded'] as const;

export const refundReference = (refundId: string) => `refund:${refundId}`;

const refundNotFound = () => notFound(errorCodes.refundNotFound, am.refundNotFound);

export function createRefundService(deps: RefundDeps) {
  const { db } = deps;

  /** Asks for a refund; a retry with the same key answers the same refund. */
  async function request(
    actor: AdminActor,
    donationId: string,
    input: { amount: number; reason: string },
    key: string,
  ): Promise<RefundRow> {
    const now = deps.clock.now();
    const created = await db.transaction(async (tx) => {
      // The donation's lock first: requests racing with one key wait here, and the ones after the first
      // find its refund below (read after the lock) instead of inserting the key again.
      const donation = await lockDonation(tx, donationId);
      if (!donation) throw notFound(errorCodes.donationNotFound, am.donationNotFound);
      const [again] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.requestedBy, actor.userId), eq(refunds.idempotencyKey, key)));
      if (again) return { refund: again, fresh: false };
      if (donation.status !== 'confirmed') throw conflict(errorCodes.refundNotAllowed, am.refundNotConfirmed);
      const held = await heldCentsOf(tx, donation.id, [...HOLDING]);
      if (input.amount > donation.amountCents - held) throw refused(errorCodes.refundTooMuch, am.refundTooMuch);
      // The threshold is for the donation's refunds together (done, under way or waiting), so splitting
      // a large refund into small ones still needs a second admin.
      const waits = input.amount > approvalNeededAbove(held, deps.config.refundApprovalAboveCents);
      const [refund] = await tx
        .insert(refunds)
        .values({
          donationId,
          amountCents: input.amount,
          reason: input.reason,
          status: waits ? 'awaiting_approval' : 'processing',
          idempotencyKey: key,
          requestedBy: actor.userId,
          createdAt: now,
        })
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          action: 'refund.requested',
          subject: { type: 'donation', id: donationId },
          after: { refund_id: refund!.id, amount: input.amount, reason: input.reason },
        },
        now,
      );
      return { refund: refund as RefundRow, fresh: true };
    });
    if (created.refund.status === 'processing') return process(created.refund.id);
    return created.refund;
  }

  /** A second admin's decision on a refund above the threshold (never the one who asked for it). */
  async function decide(actor: AdminActor, refundId: string, approve: boolean): Promise<RefundRow> {
    const now = deps.clock.now();
    const decided = await db.transaction(async (tx) => {
      const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
      if (!refund) throw refundNotFound();
      const refusal = refundDecisionRefusal(refund, actor.userId);
      if (refusal) throw refusal;
      const [row] = await tx
        .update(refunds)
        .set({ status: approve ? 'processing' : 'rejected', decidedBy: actor.userId, ...(approve ? {} : { completedAt: now }) })
        .where(eq(refunds.id, refundId))
        .returning();
      if (!approve) {
        const [payment] = await tx
          .select({ method: payments.method, gateway: payments.gateway })
          .from(payments)
          .where(eq(payments.donationId, refund.donationId));
        const paidThrough = payment ?? { method: 'wallet', gateway: INTERNAL_GATEWAY };
        countRefund({ method: paidThrough.method, provider: paidThrough.gateway, status: 'rejected' });
      }
      await recordAudit(
        tx,
        actor,
        {
          action: approve ? 'refund.approved' : 'refund.rejected',
          subject: { type: 'donation', id: refund.donationId },
          after: { refund_id: refundId },
        },
        now,
      );
      return row as RefundRow;
    });
    return decided.status === 'processing' ? process(decided.id) : decided;
  }

  /**
   * Carries a processing refund through: the gateway (idempotent on the refund's id) or the internal
   * credit, then the ledger, the donor's e-mail and the webhook, in one transaction. Safe to run again
   * (a crash in between is resumed by the job).
   */
  async function process(refundId: string): Promise<RefundRow> {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund) throw refundNotFound();
    if (refund.status !== 'processing') return refund;
    const [payment] = await db.select().from(payments).where(eq(payments.donationId, refund.donationId));
    const internal = !payment || payment.method === 'wallet' || payment.method === 'gift_card';
    // The provider that took the payment gives it back, whichever takes new payments now.
    const gateway = internal ? null : deps.gateways.named(payment.gateway);
    const outcome: RefundResult | { status: 'succeeded'; gatewayRef: null } = internal
      ? { status: 'succeeded', gatewayRef: null }
      : gateway
        ? await gateway.refund({
            idempotencyKey: `refund-${refund.id}`,
            gatewayRef: payment.gatewayRef ?? '',
            amountCents: refund.amountCents,
          })
        : { status: 'failed', gatewayRef: null, failureCode: 'refund.failed' };
    const now = deps.clock.now();
    const paidThrough = payment ?? { method: 'wallet' as const, gateway: INTERNAL_GATEWAY };
    return db.transaction(async (tx) => {
      const donation = await lockDonation(tx, refund.donationId);
      const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
      if (!donation || !current || current.status !== 'processing') return current ?? refund;
      // The provider decides later (a PIX devolução EM_PROCESSAMENTO): still under way; `resume` asks again.
      if (outcome.status === 'processing') return current;
      if (outcome.status === 'failed') {
        const [failed] = await tx
          .update(refunds)
          // The provider's reason is kept: the page says it, with what the admin can do about it.
          .set({ status: 'failed', failureReason: outcome.failureCode, gatewayRef: outcome.gatewayRef, completedAt: now })
          .where(eq(refunds.id, refundId))
          .returning();
        countRefund({ method: paidThrough.method, provider: paidThrough.gateway, status: 'failed' });
        return failed as RefundRow;
      }
      const destination = await giveBack(tx, donation, current, now);
      const [done] = await tx
        .update(refunds)
        .set({ status: 'succeeded', gatewayRef: outcome.gatewayRef, completedAt: now })
        .where(eq(refunds.id, refundId))
        .returning();
      countRefund({ method: paidThrough.method, provider: paidThrough.gateway, status: 'succeeded' });
      const refundedInAll = await heldCentsOf(tx, donation.id, ['succeeded']);
      if (refundedInAll >= donation.amountCents) {
        await markDonationRefunded(tx, donation.id, now, paidThrough);
        if (payment) await markPaymentRefunded(tx, payment.id, now);
      }
      const campaign = donation.campaignId ? await donationCampaign(tx, donation.campaignId) : null;
      await enqueueMail(
        tx,
        refundMail(deps.translator, donation.locale as Locale, {
          to: donation.contact.email,
          name: donation.contact.name,
          amountCents: current.amountCents,
          campaignTitle: campaign?.title ?? null,
          donationId: donation.id,
          destination,
        }),
        now,
      );
      await emitDonationEvent(tx, 'donation.refunded', { ...donation, amountCents: current.amountCents }, campaign, now);
      return done as RefundRow;
    });
  }

  /** The job's minute: processing refunds left behind by a crash are carried through. */
  async function resume(olderThan: Date): Promise<number> {
    const stuck = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'processing'), lte(refunds.createdAt, olderThan)))
      .orderBy(asc(refunds.createdAt))
      .limit(50);
    for (const { id } of stuck) await process(id);
    return stuck.length;
  }

  /**
   * Whether a refund of this amount would wait for a second admin now (read without a lock): the route
   * asks the admin for a fresh second factor first (docs/security.md, Step-up). Refunds racing past the
   * threshold meanwhile still wait, and their approval asks for one.
   */
  async function wouldWait(donationId: string, amount: number): Promise<boolean> {
    const held = await heldCentsOf(db, donationId, [...HOLDING]);
    return amount > approvalNeededAbove(held, deps.config.refundApprovalAboveCents);
  }

  return { request, decide, process, resume, wouldWait };
}

/**
 * Above how many cents a new refund of a donation waits for a second admin: what is left of the threshold
 * once the donation's refunds so far (done, under way or waiting: `held`) are counted. The request decides
 * by it and the donation's page says it, so both tell the same.
 */
export const approvalNeededAbove = (held: number, thresholdCents: number): number => Math.max(0, thresholdCents - held);

/**
 * Why this admin may not approve or reject this refund now (the error to answer), or null when they
 * may: it must be waiting, and be someone else's. The page offers the buttons by the same rule.
 */
export function refundDecisionRefusal(refund: Pick<RefundRow, 'status' | 'requestedBy'>, adminId: string) {
  if (refund.status !== 'awaiting_approval') return conflict(errorCodes.refundNotAllowed, am.refundNotAwaiting);
  if (refund.requestedBy === adminId) return forbidden(errorCodes.refundOwnApproval, am.refundOwnApproval);
  return null;
}

/** What the donation has refunded (or holds for refunds, with the holding statuses), in cents. */
export const heldCentsOf = async (tx: Executor, donationId: string, statuses: RefundRow['status'][]) => {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.donationId, donationId), inArray(refunds.status, statuses)));
  return Number(row?.n ?? 0);
};

/**
 * The refund's money leaves the campaign (or general fund) for where the donation's came from: the
 * gateway's clearing account, the donor's wallet (a new lot with the latest expiry of the lots it was
 * spent from, at least REFUND_CREDIT_MIN_DAYS away), or the gift card it was paid with, from which it
 * goes on to wherever the card's holder can use it (`refundToGiftCard`). Says where it went.
 */
async function giveBack(tx: Executor, donation: DonationRow, refund: RefundRow, now: Date): Promise<RefundDestination> {
  const reference = refundReference(refund.id);
  const description = `refund of donation ${donation.id}`;
  const origin = await tx
    .select({
      kind: sql<string>`a.kind`,
      ownerKey: sql<string>`a.owner_key`,
      amountCents: ledgerEntries.amountCents,
      lotId: ledgerEntries.lotId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerGroups, eq(ledgerGroups.id, ledgerEntries.groupId))
    .innerJoin(sql`ledger_accounts a`, sql`a.id = ${ledgerEntries.accountId}`)
    .where(and(eq(ledgerGroups.reference, donationReference(donation.id)), sql`${ledgerEntries.amountCents} < 0`));
  const source = origin[0];
  const from = donationTarget(donation);
  if (source?.kind === 'donor_wallet') {
    const lotIds = origin.map((o) => o.lotId).filter((id): id is string => Boolean(id));
    const lots = lotIds.length
      ? await tx.select({ expiresAt: walletLots.expiresAt }).from(walletLots).where(inArray(walletLots.id, lotIds))
      : [];
    const expiresAt = refundedCreditExpiry(new Date(Math.max(0, ...lots.map((l) => l.expiresAt.getTime()))), now);
    await creditWallet(tx, {
      userId: source.ownerKey,
      amountCents: refund.amountCents,
      origin: 'refund',
      sourceRef: reference,
      expiresAt,
      from,
      reference,
      kind: 'refund',
      description,
    });
    return { to: 'wallet', userId: source.ownerKey, expiresAt };
  }
  if (source?.kind === 'gift_card')
    return refundToGiftCard(tx, { giftCardId: source.ownerKey, from, amountCents: refund.amountCents, reference, description, now });
  const [payment] = await tx.select({ gateway: payments.gateway }).from(payments).where(eq(payments.donationId, donation.id));
  await postLedgerGroup(tx, {
    kind: 'refund',
    reference,
    description,
    lines: [
      { account: from, amountCents: -refund.amountCents },
      { account: { kind: 'gateway_clearing', gateway: payment?.gateway ?? 'sandbox' }, amountCents: refund.amountCents },
    ],
  });
  return { to: 'payment_method' };
}
