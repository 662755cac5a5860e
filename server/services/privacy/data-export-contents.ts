import { asc, eq } from 'drizzle-orm';
import {
  campaigns,
  dataRequests,
  donorSettings,
  notifications,
  notificationSettings,
  passkeys,
  recoveryCodes,
  totpFactors,
  userSessions,
  users,
} from '../../db/schema';
import type { Executor } from '../../db/types';
import { donationsOf, giftCardsOf, savedCardsOf, statementsOf, subscriptionsOf, walletOf } from './data-export-money';
import { isoDated, rowsWithIsoDates } from './export-rows';

/**
 * Everything personal the platform holds about one account (docs/privacy.md, "A copy of my data"), as
 * the JSON files of its ZIP; the money parts are read in data-export-money.ts. Each query names its
 * columns: a column added later is not exported until someone decides it belongs here, and no secret
 * (password hash, second-factor secret, recovery-code hashes, card or receipt tokens, a gift card's
 * spendable code) can slip in with a `select *`.
 */

export type ExportFiles = ReadonlyArray<{ name: string; data: unknown }>;

async function profileOf(db: Executor, userId: string) {
  const [user] = await rowsWithIsoDates(
    db
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
      .where(eq(users.id, userId)),
  );
  if (!user) throw new Error(`data export: no account ${userId}`);
  return user;
}

const notificationsOf = (db: Executor, userId: string) =>
  rowsWithIsoDates(
    db
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
      .orderBy(asc(notifications.createdAt)),
  );

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
    notifications: settings ? isoDated(settings) : { defaults: true },
    unused_credit_cause: wallet ? isoDated(wallet) : null,
  };
}

const sessionsOf = (db: Executor, userId: string) =>
  rowsWithIsoDates(
    db
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
      .orderBy(asc(userSessions.createdAt)),
  );

async function secondFactorsOf(db: Executor, userId: string) {
  const [[totp], keys, codes] = await Promise.all([
    rowsWithIsoDates(
      db
        .select({ created_at: totpFactors.createdAt, confirmed_at: totpFactors.confirmedAt })
        .from(totpFactors)
        .where(eq(totpFactors.userId, userId)),
    ),
    rowsWithIsoDates(
      db
        .select({ name: passkeys.name, created_at: passkeys.createdAt, last_used_at: passkeys.lastUsedAt })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt)),
    ),
    db.select({ used_at: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  return {
    authenticator_app: totp ?? null,
    passkeys: keys,
    recovery_codes: { total: codes.length, unused: codes.filter((code) => code.used_at === null).length },
  };
}

const dataRequestsOf = (db: Executor, userId: string) =>
  rowsWithIsoDates(
    db
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
      .orderBy(asc(dataRequests.requestedAt)),
  );

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
