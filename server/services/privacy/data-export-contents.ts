import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Statement } from '../../../contracts/statements';
import {
  campaigns,
  dataRequests,
  donations,
  donorSettings,
  giftCardOrders,
  giftCards,
  ledgerAccounts,
  ledgerEntries,
  ledgerGroups,
  notifications,
  notificationSettings,
  passkeys,
  payments,
  recoveryCodes,
  refunds,
  savedCards,
  subscriptionCharges,
  subscriptions,
  totpFactors,
  userSessions,
  users,
  walletLots,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { publicStatement, readStatement, readStatementYears } from '../documents/statement-reads';

/**
 * Everything personal the platform holds about one account (docs/privacy.md, "A copy of my data"), as
 * the JSON files of its ZIP. Each query names its columns: a column added later is not exported until
 * someone decides it belongs here, and no secret (password hash, second-factor secret, recovery-code
 * hashes, card or receipt tokens, a gift card's spendable code) can slip in with a `select *`.
 */

export type ExportFiles = ReadonlyArray<{ name: string; data: unknown }>;

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

async function profileOf(db: Executor, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      person_type: users.personType,
      cpf: users.cpf,
      cnpj: users.cnpj,
      phone: users.phone,
      birth_date: users.birthDate,
      avatar: users.avatar,
      country: users.country,
      zip_code: users.zipCode,
      state: users.state,
      city: users.city,
      neighborhood: users.neighborhood,
      street_address: users.streetAddress,
      house_number: users.houseNumber,
      complement: users.complement,
      locale: users.locale,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`data export: no account ${userId}`);
  return { ...user, created_at: iso(user.created_at), updated_at: iso(user.updated_at) };
}

async function donationsOf(db: Executor, userId: string) {
  const rows = await db
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
    .orderBy(asc(donations.createdAt), asc(donations.id));
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
    created_at: iso(row.created_at),
    confirmed_at: iso(row.confirmed_at),
    payments: paid.filter((p) => p.donationId === row.id).map(({ donationId: _, ...p }) => ({ ...p, created_at: iso(p.created_at) })),
    refunds: refunded
      .filter((r) => r.donationId === row.id)
      .map(({ donationId: _, ...r }) => ({ ...r, created_at: iso(r.created_at), completed_at: iso(r.completed_at) })),
  }));
}

/**
 * Each year with gifts as its statement, read by the statements' own service (server/services/documents):
 * the copy says what the donor's statements say, refunds netted as the finances count them.
 */
async function statementsOf(db: Executor, userId: string): Promise<Statement[]> {
  const years = await readStatementYears(db, { userId });
  const statements: Statement[] = [];
  for (const { year } of years) statements.push(publicStatement(await readStatement(db, { userId }, year)));
  return statements;
}

async function subscriptionsOf(db: Executor, userId: string) {
  const [plans, charges] = await Promise.all([
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
  return plans.map((plan) => ({
    ...plan,
    created_at: iso(plan.created_at),
    paused_at: iso(plan.paused_at),
    canceled_at: iso(plan.canceled_at),
    charges: charges
      .filter((c) => c.subscriptionId === plan.id)
      .map(({ subscriptionId: _, ...c }) => ({
        ...c,
        period_start: iso(c.period_start),
        created_at: iso(c.created_at),
        settled_at: iso(c.settled_at),
      })),
  }));
}

async function savedCardsOf(db: Executor, userId: string) {
  const rows = await db
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
    .orderBy(asc(savedCards.createdAt));
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at), deleted_at: iso(row.deleted_at) }));
}

async function walletOf(db: Executor, userId: string) {
  const [lots, entries] = await Promise.all([
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
  ]);
  return {
    balance: entries.reduce((sum, entry) => sum + entry.amount, 0),
    lots: lots.map((lot) => ({ ...lot, expires_at: iso(lot.expires_at), created_at: iso(lot.created_at) })),
    entries: entries.map((entry) => ({ ...entry, created_at: iso(entry.created_at) })),
  };
}

/** Cards bought (orders and their cards, without the spendable codes) and cards redeemed into the wallet. */
async function giftCardsOf(db: Executor, userId: string) {
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
    db.select(card).from(giftCards).where(eq(giftCards.buyerUserId, userId)).orderBy(asc(giftCards.createdAt)),
    db
      .select({ ...card, redeemed_at: walletLots.createdAt })
      .from(walletLots)
      .innerJoin(giftCards, sql`${giftCards.id}::text = ${walletLots.sourceRef}`)
      .where(and(eq(walletLots.userId, userId), eq(walletLots.origin, 'gift_card'), isNotNull(walletLots.sourceRef))),
  ]);
  const dates = <T extends { expires_at: Date; created_at: Date }>(row: T) => ({
    ...row,
    expires_at: iso(row.expires_at),
    created_at: iso(row.created_at),
  });
  return {
    orders: orders.map((order) => ({ ...order, created_at: iso(order.created_at), paid_at: iso(order.paid_at) })),
    bought: bought.map(dates),
    redeemed: redeemed.map((row) => ({ ...dates(row), redeemed_at: iso(row.redeemed_at) })),
  };
}

async function notificationsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      metadata: notifications.metadata,
      read: notifications.read,
      in_app: notifications.inApp,
      created_at: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

async function preferencesOf(db: Executor, userId: string) {
  const [[settings], [wallet]] = await Promise.all([
    db
      .select({ types: notificationSettings.types, channels: notificationSettings.channels, updated_at: notificationSettings.updatedAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    db
      .select({ campaign_id: donorSettings.autoDonationCampaignId, campaign: campaigns.title, updated_at: donorSettings.updatedAt })
      .from(donorSettings)
      .leftJoin(campaigns, eq(campaigns.id, donorSettings.autoDonationCampaignId))
      .where(eq(donorSettings.userId, userId)),
  ]);
  return {
    // No row: the defaults (every type, in the app and by e-mail), docs/spec.md §3.
    notifications: settings ? { ...settings, updated_at: iso(settings.updated_at) } : { defaults: true },
    unused_credit_cause: wallet ? { ...wallet, updated_at: iso(wallet.updated_at) } : null,
  };
}

async function sessionsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: userSessions.id,
      user_agent: userSessions.userAgent,
      ip: userSessions.ip,
      place: userSessions.place,
      created_at: userSessions.createdAt,
      last_seen_at: userSessions.lastSeenAt,
      second_factor_at: userSessions.secondFactorAt,
      revoked_at: userSessions.revokedAt,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
    .orderBy(asc(userSessions.createdAt));
  return rows.map((row) => ({
    ...row,
    created_at: iso(row.created_at),
    last_seen_at: iso(row.last_seen_at),
    second_factor_at: iso(row.second_factor_at),
    revoked_at: iso(row.revoked_at),
  }));
}

async function secondFactorsOf(db: Executor, userId: string) {
  const [[totp], keys, codes] = await Promise.all([
    db
      .select({ created_at: totpFactors.createdAt, confirmed_at: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, userId)),
    db
      .select({ name: passkeys.name, created_at: passkeys.createdAt, last_used_at: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db.select({ used_at: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  return {
    authenticator_app: totp ? { created_at: iso(totp.created_at), confirmed_at: iso(totp.confirmed_at) } : null,
    passkeys: keys.map((key) => ({ ...key, created_at: iso(key.created_at), last_used_at: iso(key.last_used_at) })),
    recovery_codes: { total: codes.length, unused: codes.filter((code) => code.used_at === null).length },
  };
}

async function dataRequestsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: dataRequests.id,
      kind: dataRequests.kind,
      status: dataRequests.status,
      requested_at: dataRequests.requestedAt,
      completed_at: dataRequests.completedAt,
      expires_at: dataRequests.expiresAt,
    })
    .from(dataRequests)
    .where(eq(dataRequests.userId, userId))
    .orderBy(asc(dataRequests.requestedAt));
  return rows.map((row) => ({
    ...row,
    requested_at: iso(row.requested_at),
    completed_at: iso(row.completed_at),
    expires_at: iso(row.expires_at),
  }));
}

/** The account's data, one JSON file per kind, in the order the README lists them. */
export async function collectExportFiles(db: Executor, userId: string): Promise<ExportFiles> {
  const gifts = await donationsOf(db, userId);
  const profile = await profileOf(db, userId);
  return [
    { name: 'profile.json', data: profile },
    {
      name: 'addresses.json',
      data: {
        account: {
          country: profile.country,
          zip_code: profile.zip_code,
          state: profile.state,
          city: profile.city,
          neighborhood: profile.neighborhood,
          street_address: profile.street_address,
          house_number: profile.house_number,
          complement: profile.complement,
        },
        given_at_checkout: gifts.filter((gift) => gift.address !== null).map((gift) => ({ donation_id: gift.id, address: gift.address })),
      },
    },
    { name: 'donations.json', data: gifts },
    { name: 'statements.json', data: await statementsOf(db, userId) },
    { name: 'subscriptions.json', data: await subscriptionsOf(db, userId) },
    { name: 'saved-cards.json', data: await savedCardsOf(db, userId) },
    { name: 'wallet.json', data: await walletOf(db, userId) },
    { name: 'gift-cards.json', data: await giftCardsOf(db, userId) },
    { name: 'notifications.json', data: await notificationsOf(db, userId) },
    { name: 'preferences.json', data: await preferencesOf(db, userId) },
    { name: 'sessions.json', data: await sessionsOf(db, userId) },
    { name: 'second-factors.json', data: await secondFactorsOf(db, userId) },
    { name: 'data-requests.json', data: await dataRequestsOf(db, userId) },
  ];
}
