import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  GATEWAY_EVENT_TYPES,
  refundFailureCodeOf,
  type AdminDonationDetail,
  type AdminLedgerLine,
  type AdminRefund,
} from '../../../contracts/admin-donations';
import { adminMessages as am } from '../../../contracts/admin-messages';
import { errorCodes } from '../../../contracts/errors';
import {
  campaigns,
  donations,
  ledgerAccounts,
  ledgerEntries,
  ledgerGroups,
  mailOutbox,
  payments,
  refunds,
  sandboxWebhookEvents,
  webhookDeliveries,
  webhookMessages,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { notFound } from '../../domain/errors';
import { presentRow, selectRows } from './admin-donations';
import { approvalNeededAbove, HOLDING, heldCentsOf, refundDecisionRefusal, refundReference } from './refunds';
import { refundToWalletReference } from './gift-card-refund';
import { cardBrandName } from '../../../contracts/cards';
import { providerFeeReference } from '../donations/provider-fee';
import { decisionPeople, namesOf, peopleOf, type Person } from '../admin/people';

/** One donation's whole history for the admins (docs/admin.md), seen by one admin (what they may decide). */

type RefundRow = typeof refunds.$inferSelect;

/** A refund as the admin `viewerId` sees it: whether they asked for it and whether they may decide it. */
export const presentRefund = (refund: RefundRow, people: Map<string, Person>, viewerId: string): AdminRefund => ({
  id: refund.id,
  amount: refund.amountCents,
  reason: refund.reason,
  status: refund.status,
  failure_reason: refund.status === 'failed' ? refundFailureCodeOf(refund.failureReason) : null,
  ...decisionPeople(refund, people, viewerId),
  can_decide: refundDecisionRefusal(refund, viewerId) === null,
  created_at: refund.createdAt.toISOString(),
  completed_at: refund.completedAt?.toISOString() ?? null,
});

/** Each account's name in words: the campaign's title, the wallet's owner, the gateway; none for the general fund and fees. */
async function accountNames(db: Executor, accounts: ReadonlyArray<{ kind: string; owner: string }>): Promise<Map<string, string>> {
  const owners = (kind: string) => [...new Set(accounts.filter((a) => a.kind === kind).map((a) => a.owner))];
  const campaignIds = owners('campaign');
  const campaignRows = campaignIds.length
    ? await db.select({ id: campaigns.id, title: campaigns.title }).from(campaigns).where(inArray(campaigns.id, campaignIds))
    : [];
  const people = await namesOf(db, owners('donor_wallet'));
  return new Map<string, string>([
    ...campaignRows.map((c) => [`campaign:${c.id}`, c.title] as const),
    ...[...people].map(([id, name]) => [`donor_wallet:${id}`, name] as const),
    ...owners('gateway_clearing').map((gateway) => [`gateway_clearing:${gateway}`, gateway] as const),
  ]);
}

const isGatewayEventType = (type: string): type is (typeof GATEWAY_EVENT_TYPES)[number] =>
  (GATEWAY_EVENT_TYPES as readonly string[]).includes(type);

async function ledgerOf(db: Executor, references: string[]): Promise<AdminDonationDetail['ledger']> {
  const lines = await db
    .select({
      reference: ledgerGroups.reference,
      kind: ledgerGroups.kind,
      at: ledgerGroups.createdAt,
      account: ledgerAccounts.kind,
      owner: ledgerAccounts.ownerKey,
      amount: ledgerEntries.amountCents,
    })
    .from(ledgerGroups)
    .innerJoin(ledgerEntries, eq(ledgerEntries.groupId, ledgerGroups.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerGroups.reference, references))
    .orderBy(asc(ledgerGroups.createdAt));
  const names = await accountNames(
    db,
    lines.map((l) => ({ kind: l.account, owner: l.owner })),
  );
  return [...new Set(lines.map((l) => l.reference))].map((reference) => {
    const group = lines.filter((l) => l.reference === reference);
    const first = group[0]!;
    return {
      reference,
      kind: first.kind,
      at: first.at.toISOString(),
      lines: group.map((l): AdminLedgerLine => {
        const account = l.owner ? `${l.account}:${l.owner}` : l.account;
        return { account, kind: l.account, name: names.get(account) ?? null, amount: l.amount };
      }),
    };
  });
}

export async function adminDonationDetail(
  db: Executor,
  id: string,
  viewerId: string,
  config: { refundApprovalAboveCents: number },
): Promise<AdminDonationDetail> {
  const [found] = await selectRows(db).where(eq(donations.id, id));
  if (!found) throw notFound(errorCodes.donationNotFound, am.donationNotFound);
  const row = presentRow({ ...found.donation, ...found });
  const [payment] = await db.select().from(payments).where(eq(payments.donationId, id));
  const refundRows = await db.select().from(refunds).where(eq(refunds.donationId, id)).orderBy(asc(refunds.createdAt));
  const people = await peopleOf(
    db,
    refundRows.flatMap((r) => [r.requestedBy, r.decidedBy]),
  );
  // A gift card's refund may go on from the card to its holder's wallet: that group is shown with it.
  const refundGroups = refundRows.flatMap((r) => [refundReference(r.id), refundToWalletReference(refundReference(r.id))]);
  // The provider's fee on its payment and a chargeback belong to its history too.
  const paymentGroups = payment ? [providerFeeReference(payment.id)] : [];
  const ledger = await ledgerOf(db, [`donation:${id}`, `refund:${id}`, `chargeback:${id}`, ...paymentGroups, ...refundGroups]);
  const events = payment?.gatewayRef
    ? await db
        .select()
        .from(sandboxWebhookEvents)
        .where(eq(sandboxWebhookEvents.paymentId, payment.gatewayRef))
        .orderBy(asc(sandboxWebhookEvents.createdAt))
    : [];
  const emails = row.donor.email
    ? await db
        .select({ subject: mailOutbox.subject, status: mailOutbox.status, at: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, row.donor.email), sql`position(${id} in ${mailOutbox.text}) > 0`))
        .orderBy(asc(mailOutbox.createdAt))
    : [];
  const hooks = await db
    .select({ event: webhookMessages.event, status: webhookDeliveries.status, at: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(sql`${webhookMessages.payload}->'data'->>'id' = ${id}`)
    .orderBy(asc(webhookDeliveries.createdAt));
  const held = await heldCentsOf(db, id, [...HOLDING]);
  return {
    ...row,
    refundable: row.status === 'confirmed' ? Math.max(0, row.amount - held) : 0,
    approval_threshold: config.refundApprovalAboveCents,
    approval_needed_above: approvalNeededAbove(held, config.refundApprovalAboveCents),
    payment: payment
      ? {
          gateway: payment.gateway,
          status: payment.status,
          gateway_ref: payment.gatewayRef,
          card: payment.cardBrand ? `${cardBrandName(payment.cardBrand)} •••• ${payment.cardLast4 ?? ''}` : null,
          attempts: payment.attempts,
          created_at: payment.createdAt.toISOString(),
        }
      : null,
    gateway_events: events.flatMap((e) =>
      isGatewayEventType(e.type)
        ? [{ type: e.type, at: e.createdAt.toISOString(), delivered_at: e.deliveredAt?.toISOString() ?? null, attempts: e.attempts }]
        : [],
    ),
    ledger,
    refunds: refundRows.map((r) => presentRefund(r, people, viewerId)),
    emails: emails.map((e) => ({ subject: e.subject, status: e.status, at: e.at.toISOString() })),
    webhooks: hooks.map((h) => ({ event: h.event, status: h.status, at: h.at.toISOString() })),
  };
}
