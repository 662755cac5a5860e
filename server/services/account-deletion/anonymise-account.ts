import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  donations,
  giftCardOrders,
  idempotencyKeys,
  mailOutbox,
  notifications,
  notificationSettings,
  pageViews,
  passkeys,
  passwordResetTokens,
  pendingSignUps,
  recoveryCodes,
  refreshTokens,
  savedCards,
  secondFactorChallenges,
  secondFactorFailures,
  signInGuards,
  signUpNotices,
  subscriptions,
  teamInvitations,
  totpFactors,
  userPermissions,
  userRoles,
  userSessions,
  users,
  webauthnChallenges,
  webhookMessages,
} from '../../db/schema';
import type { Transaction } from '../../db/types';
import { providerCleanups } from '../../db/schema/account-deletion';
import { emitSubscriptionEvent } from '../webhooks/webhook-payloads';
import { ACCOUNT_DELETED, REMOVED_DONOR_NAME, anonymousContact, pseudonymousEmail } from './pseudonym';

/** What a deletion changed, for the DPO's page (data_requests.outcome). */
export interface DeletionCounts {
  donations: number;
  subscriptions_canceled: number;
  saved_cards: number;
  gift_card_orders: number;
  sessions_ended: number;
  mails_dropped: number;
  provider_calls: number;
}

/**
 * Erases the account's personal data in the caller's transaction (docs/privacy.md, "Deleting an account").
 * The user row stays, under its id, so the ledger, the donations and their refunds stay whole for the fiscal
 * retention; only what says who the person is goes. Every personal column of the schema is either handled
 * here or listed as kept, with its reason, in personal-columns.ts (tests/server/personal-columns.test.ts walks the schema).
 * `pixGateway`: the provider of Pix Automático recurrences (saved cards carry their own), asked after the commit.
 */
export async function anonymiseAccount(
  tx: Transaction,
  input: { userId: string; requestId: string; now: Date; pixGateway: string },
): Promise<DeletionCounts> {
  const { userId, requestId, now } = input;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new Error(`account ${userId} not found`);
  const formerEmail = user.email;
  const pseudonym = pseudonymousEmail(userId);
  const contact = anonymousContact(pseudonym);

  const pendingCleanups: Array<typeof providerCleanups.$inferInsert> = [];

  // Monthly giving ends here (cards are charged by us); a Pix Automático recurrence is canceled at the bank too.
  const canceled = await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelReason: ACCOUNT_DELETED, canceledAt: now, nextChargeAt: null, pausedAt: null, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')))
    .returning({ id: subscriptions.id, amountCents: subscriptions.amountCents, recurrence: subscriptions.pixRecurrenceId });
  for (const { id, amountCents, recurrence } of canceled) {
    await emitSubscriptionEvent(tx, 'subscription.canceled', { id, amountCents, cancelReason: ACCOUNT_DELETED }, now);
    if (recurrence)
      pendingCleanups.push({
        requestId,
        kind: 'cancel_pix_recurrence',
        gateway: input.pixGateway,
        reference: recurrence,
        nextAttemptAt: now,
        createdAt: now,
      });
  }
  await tx
    .update(subscriptions)
    .set({ contact, address: {}, pixAuthorization: null, updatedAt: now })
    .where(eq(subscriptions.userId, userId));

  // Every card the provider still keeps for us is removed there; the row keeps only brand and last four.
  const cards = await tx.select().from(savedCards).where(eq(savedCards.userId, userId));
  for (const card of cards) {
    // A card the donor removed before is only soft-deleted here: the provider still keeps it.
    if (!card.gatewayToken.startsWith('removed:'))
      pendingCleanups.push({
        requestId,
        kind: 'remove_saved_card',
        gateway: card.gateway,
        reference: card.gatewayToken,
        nextAttemptAt: now,
        createdAt: now,
      });
  }
  if (cards.length > 0)
    await tx
      .update(savedCards)
      .set({
        gatewayToken: sql`'removed:' || ${savedCards.id}::text`,
        holderName: '',
        isDefault: false,
        deletedAt: sql`coalesce(${savedCards.deletedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(savedCards.userId, userId));
  if (pendingCleanups.length > 0) await tx.insert(providerCleanups).values(pendingCleanups);

  const ownDonations = await tx
    .update(donations)
    .set({ contact, address: null, message: null, updatedAt: now })
    .where(eq(donations.userId, userId))
    .returning({ id: donations.id });
  const donationIds = ownDonations.map((row) => row.id);
  await forgetWebhookDonors(tx, donationIds, pseudonym);

  const orders = await tx
    .update(giftCardOrders)
    .set({ contact, address: null, sender: REMOVED_DONOR_NAME, updatedAt: now })
    .where(eq(giftCardOrders.userId, userId))
    .returning({ id: giftCardOrders.id });

  const dropped = await forgetMailTo(tx, formerEmail, pseudonym);

  const ended = await tx.delete(userSessions).where(eq(userSessions.userId, userId)).returning({ id: userSessions.id });
  for (const table of [refreshTokens, passwordResetTokens, passkeys, recoveryCodes, secondFactorChallenges, webauthnChallenges])
    await tx.delete(table).where(eq(table.userId, userId));
  for (const table of [totpFactors, secondFactorFailures, notificationSettings, userRoles, userPermissions, notifications])
    await tx.delete(table).where(eq(table.userId, userId));
  // Muted for good: the wallet's leftover credit is still donated at its expiry (the wallet's rule), telling nobody.
  await tx.insert(notificationSettings).values({ userId, types: [], channels: [], updatedAt: now });
  await tx.delete(idempotencyKeys).where(sql`${idempotencyKeys.scope} like ${`user:${userId}%`}`);
  await tx.update(pageViews).set({ userId: null }).where(eq(pageViews.userId, userId));
  for (const table of [signInGuards, signUpNotices, pendingSignUps]) await tx.delete(table).where(eq(table.email, formerEmail));
  await tx
    .update(teamInvitations)
    .set({ email: pseudonym })
    .where(or(eq(teamInvitations.email, formerEmail), eq(teamInvitations.acceptedBy, userId)));

  await tx
    .update(users)
    .set({
      name: REMOVED_DONOR_NAME,
      email: pseudonym,
      // No argon2 hash: no password ever matches it.
      passwordHash: '!deleted',
      cpf: null,
      cnpj: null,
      phone: '',
      birthDate: null,
      avatar: null,
      country: '',
      zipCode: '',
      state: '',
      city: '',
      neighborhood: '',
      streetAddress: '',
      complement: '',
      houseNumber: '',
      active: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));

  return {
    donations: donationIds.length,
    subscriptions_canceled: canceled.length,
    saved_cards: cards.length,
    gift_card_orders: orders.length,
    sessions_ended: ended.length,
    mails_dropped: dropped,
    provider_calls: pendingCleanups.length,
  };
}

/** The events already told the NGO's systems who gave; the copies kept here forget it. */
export async function forgetWebhookDonors(tx: Transaction, donationIds: string[], pseudonym: string): Promise<void> {
  if (donationIds.length === 0) return;
  await tx
    .update(webhookMessages)
    .set({
      payload: sql`jsonb_set(${webhookMessages.payload}, '{data,donor}', ${JSON.stringify({ name: REMOVED_DONOR_NAME, email: pseudonym })}::jsonb)`,
    })
    .where(
      and(sql`${webhookMessages.payload} -> 'data' ? 'donor'`, inArray(sql`${webhookMessages.payload} -> 'data' ->> 'id'`, donationIds)),
    );
}

/**
 * Mail not yet sent to the address is dropped; what was sent keeps its row (a gift card's delivery points at
 * it) without its address or words. Answers how many were dropped.
 */
export async function forgetMailTo(tx: Transaction, email: string, pseudonym: string): Promise<number> {
  const dropped = await tx
    .delete(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`, eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  await tx
    .update(mailOutbox)
    .set({ to: pseudonym, subject: '', text: '', html: null })
    .where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`);
  return dropped.length;
}
