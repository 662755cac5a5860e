import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Statement } from '../../../contracts/statements';
import {
  campaigns,
  donations,
  giftCardOrders,
  giftCards,
  ledgerAccounts,
  ledgerEntries,
  ledgerGroups,
  payments,
  refunds,
  savedCards,
  subscriptionCharges,
  subscriptions,
  walletLots,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { publicStatement, readStatement, readStatementYears } from '../documents/statement-reads';
import { isoDated, rowsWithIsoDates } from './export-rows';

/**
 * The money parts of the copy of one's data (docs/privacy.md): gifts with their payments and refunds,
 * statements, subscriptions, saved cards (brand and last four only), the wallet and gift cards. Each
 * query names its columns, as in data-export-contents.ts: no card or receipt token, no spendable code.
 */

/** Without its parent key: the child rows are nested under their parent in the file. */
function childrenOf<K extends string, T extends Record<K, unknown>>(rows: T[], key: K, parent: unknown) {
  return rows.filter((row) => row[key] === parent).map(({ [key]: _, ...row }) => isoDated(row));
}

export async function donationsOf(db: Executor, userId: string) {
  const rows = await rowsWithIsoDates(
    db
      .select({
        id: donations.id,
        campaign: campaigns.title,
        amount: donations.amountCents,
        status: donations.status,
        method: donations.paymentMethod,
        is_anonymous: donations.isAnonymous,
        message: donations.message,
        contact: donations.contact,
        address: donations.address,
        locale: donations.locale,
        automatic_source: donations.automaticSource,
        created_at: donations.createdAt,
        confirmed_at: donations.confirmedAt,
      })
      .from(donations)
      .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .where(eq(donations.userId, userId))
      .orderBy(asc(donations.createdAt), asc(donations.id)),
  );
  const ids = rows.map((row) => row.id);
  const [paid, refunded] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              donationId: payments.donationId,
              method: payments.method,
              status: payments.status,
              amount: payments.amountCents,
              card_brand: payments.cardBrand,
              card_last4: payments.cardLast4,
              created_at: payments.createdAt,
            })
            .from(payments)
            .where(inArray(payments.donationId, ids))
            .orderBy(asc(payments.createdAt)),
          db
            .select({
              donationId: refunds.donationId,
              amount: refunds.amountCents,
              status: refunds.status,
              created_at: refunds.createdAt,
              completed_at: refunds.completedAt,
            })
            .from(refunds)
            .where(inArray(refunds.donationId, ids))
            .orderBy(asc(refunds.createdAt)),
        ]);
  return rows.map((row) => ({
    ...row,
    payments: childrenOf(paid, 'donationId', row.id),
    refunds: childrenOf(refunded, 'donationId', row.id),
  }));
}

/**
 * Each year with gifts as its statement, read by the statements' own service (server/services/documents):
 * the copy says what the donor's statements say, refunds netted as the finances count them.
 */
export async function statementsOf(db: Executor, userId: string): Promise<Statement[]> {
  const years = await readStatementYears(db, { userId });
  const statements: Statement[] = [];
  for (const { year } of years) statements.push(publicStatement(await readStatement(db, { userId }, year)));
  return statements;
}

export async function subscriptionsOf(db: Executor, userId: string) {
  const [plans, charges] = await Promise.all([
    rowsWithIsoDates(
      db
        .select({
          id: subscriptions.id,
          amount: subscriptions.amountCents,
          status: subscriptions.status,
          payment_method: subscriptions.paymentMethod,
          billing_day: subscriptions.billingDay,
          contact: subscriptions.contact,
          address: subscriptions.address,
          locale: subscriptions.locale,
          created_at: subscriptions.createdAt,
          paused_at: subscriptions.pausedAt,
          canceled_at: subscriptions.canceledAt,
          cancel_reason: subscriptions.cancelReason,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.createdAt)),
    ),
    db
      .select({
        subscriptionId: subscriptionCharges.subscriptionId,
        period_start: subscriptionCharges.periodStart,
        attempt: subscriptionCharges.attempt,
        amount: subscriptionCharges.amountCents,
        status: subscriptionCharges.status,
        kind: subscriptionCharges.kind,
        card_brand: subscriptionCharges.cardBrand,
        card_last4: subscriptionCharges.cardLast4,
        created_at: subscriptionCharges.createdAt,
        settled_at: subscriptionCharges.settledAt,
      })
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, userId))
      .orderBy(asc(subscriptionCharges.createdAt)),
  ]);
  return plans.map((plan) => ({ ...plan, charges: childrenOf(charges, 'subscriptionId', plan.id) }));
}

export const savedCardsOf = (db: Executor, userId: string) =>
  rowsWithIsoDates(
    db
      .select({
        id: savedCards.id,
        brand: savedCards.brand,
        last4: savedCards.last4,
        exp_month: savedCards.expMonth,
        exp_year: savedCards.expYear,
        holder_name: savedCards.holderName,
        is_default: savedCards.isDefault,
        created_at: savedCards.createdAt,
        deleted_at: savedCards.deletedAt,
      })
      .from(savedCards)
      .where(eq(savedCards.userId, userId))
      .orderBy(asc(savedCards.createdAt)),
  );

export async function walletOf(db: Executor, userId: string) {
  const [lots, entries] = await Promise.all([
    rowsWithIsoDates(
      db
        .select({
          id: walletLots.id,
          origin: walletLots.origin,
          amount: walletLots.amountCents,
          expires_at: walletLots.expiresAt,
          created_at: walletLots.createdAt,
        })
        .from(walletLots)
        .where(eq(walletLots.userId, userId))
        .orderBy(asc(walletLots.createdAt)),
    ),
    rowsWithIsoDates(
      db
        .select({
          kind: ledgerGroups.kind,
          description: ledgerGroups.description,
          amount: ledgerEntries.amountCents,
          lot_id: ledgerEntries.lotId,
          created_at: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerGroups, eq(ledgerGroups.id, ledgerEntries.groupId))
        .where(and(eq(ledgerAccounts.kind, 'donor_wallet'), eq(ledgerAccounts.ownerKey, userId)))
        .orderBy(asc(ledgerEntries.id)),
    ),
  ]);
  return { balance: entries.reduce((sum, entry) => sum + entry.amount, 0), lots, entries };
}

/** Cards bought (orders and their cards, without the spendable codes) and cards redeemed into the wallet. */
export async function giftCardsOf(db: Executor, userId: string) {
  const card = {
    id: giftCards.id,
    value: giftCards.valueCents,
    recipient_name: giftCards.recipientName,
    recipient_email: giftCards.recipientEmail,
    message: giftCards.message,
    status: giftCards.status,
    expires_at: giftCards.expiresAt,
    created_at: giftCards.createdAt,
  };
  const [orders, bought, redeemed] = await Promise.all([
    rowsWithIsoDates(
      db
        .select({
          id: giftCardOrders.id,
          kind: giftCardOrders.kind,
          status: giftCardOrders.status,
          value: giftCardOrders.valueCents,
          quantity: giftCardOrders.quantity,
          total: giftCardOrders.totalCents,
          message: giftCardOrders.message,
          sender: giftCardOrders.sender,
          recipients: giftCardOrders.recipients,
          payment_method: giftCardOrders.paymentMethod,
          contact: giftCardOrders.contact,
          address: giftCardOrders.address,
          created_at: giftCardOrders.createdAt,
          paid_at: giftCardOrders.paidAt,
        })
        .from(giftCardOrders)
        .where(eq(giftCardOrders.userId, userId))
        .orderBy(asc(giftCardOrders.createdAt)),
    ),
    rowsWithIsoDates(db.select(card).from(giftCards).where(eq(giftCards.buyerUserId, userId)).orderBy(asc(giftCards.createdAt))),
    rowsWithIsoDates(
      db
        .select({ ...card, redeemed_at: walletLots.createdAt })
        .from(walletLots)
        .innerJoin(giftCards, sql`${giftCards.id}::text = ${walletLots.sourceRef}`)
        .where(and(eq(walletLots.userId, userId), eq(walletLots.origin, 'gift_card'), isNotNull(walletLots.sourceRef))),
    ),
  ]);
  return { orders, bought, redeemed };
}
