import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../contracts/constants';
import type { DonationRequest } from '../../../contracts/donations';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens';
import { campaigns, donations, idempotencyKeys, payments, type DonationContactRecord, type PaymentMethodName } from '../../db/schema';
import type { Executor } from '../../db/types';
import { reusedQuery, reusedQueryPerShape } from '../../db/reused-query';
import type { Checkpoint, ClaimRow } from '../idempotency/idempotency';
import { countDonation } from '../../metrics/metrics';
import { INTERNAL_GATEWAY, type PaymentRow } from './payments-repository';

/** The donations table and the payment rows written with a donation. */
export type DonationRow = typeof donations.$inferSelect;

type PendingDonation = Pick<
  typeof donations.$inferInsert,
  | 'campaignId'
  | 'userId'
  | 'amountCents'
  | 'paymentMethod'
  | 'isAnonymous'
  | 'message'
  | 'contact'
  | 'address'
  | 'sharedCampaignId'
  | 'receiptTokenHash'
  | 'locale'
> & { now: Date };

/** The columns of a table, read from a CTE of its rows (each decoded as its column decodes it). */
const columnsOf = <T extends object>(cte: T, table: Parameters<typeof getTableColumns>[0]) =>
  Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, cte[key as keyof T]])) as never;

type ClaimValues = { [K in keyof ClaimRow as `claim${Capitalize<K & string>}`]: ClaimRow[K] };

/**
 * The donation (pending) and its payment (processing) in one statement: one round trip less on every
 * donation (issue 26). The donation's id comes from the caller, so the payment can name it in the same
 * statement, and so can the Idempotency-Key's claim with its note, which the statement inserts too while
 * the key is unclaimed ('claimed'): one round trip less again (issue 52).
 */
const insertPendingDonationWithPayment = reusedQueryPerShape<
  'claimed' | 'plain',
  PendingDonation & { donationId: string; gateway: string } & Partial<ClaimValues>,
  Array<{ donation: DonationRow; payment: PaymentRow; claimed: boolean }>
>((shape) => (tx, value) => {
  const donation = tx.$with('donation').as(
    tx
      .insert(donations)
      .values({
        id: value('donationId'),
        campaignId: value('campaignId'),
        userId: value('userId'),
        amountCents: value('amountCents'),
        paymentMethod: value('paymentMethod'),
        isAnonymous: value('isAnonymous'),
        message: value('message'),
        contact: value('contact'),
        address: value('address'),
        sharedCampaignId: value('sharedCampaignId'),
        receiptTokenHash: value('receiptTokenHash'),
        locale: value('locale'),
        createdAt: value('now'),
        updatedAt: value('now'),
      })
      .returning(),
  );
  const payment = tx.$with('payment').as(
    tx
      .insert(payments)
      .values({
        donationId: value('donationId'),
        gateway: value('gateway'),
        method: value('paymentMethod'),
        status: 'processing',
        amountCents: value('amountCents'),
        createdAt: value('now'),
        updatedAt: value('now'),
      })
      .returning(),
  );
  const claim = tx.$with('claim').as(
    tx
      .insert(idempotencyKeys)
      .values({
        scope: value('claimScope'),
        key: value('claimKey'),
        requestHash: value('claimRequestHash'),
        responseBody: value('claimResponseBody'),
        createdAt: value('claimCreatedAt'),
        owner: value('claimOwner'),
        leaseExpiresAt: value('claimLeaseExpiresAt'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  );
  const rows = { donation: columnsOf(donation, donations), payment: columnsOf(payment, payments) };
  if (shape === 'plain')
    return tx
      .with(donation, payment)
      .select({ ...rows, claimed: sql<boolean>`false` })
      .from(donation)
      .crossJoin(payment);
  return tx
    .with(donation, payment, claim)
    .select({ ...rows, claimed: sql<boolean>`exists (select 1 from "claim")` })
    .from(donation)
    .crossJoin(payment);
});

/**
 * Step 1 of a donation: the donation (pending) and its payment (processing), in one statement with the
 * Idempotency-Key's claim when the checkpoint hands it over (else the checkpoint runs after it).
 */
export async function insertDonationWithPayment(
  tx: Executor,
  input: {
    request: DonationRequest;
    campaignId: string | null;
    userId: string | null;
    receiptTokenHash: string;
    gateway: string;
    locale: Locale;
    now: Date;
    checkpoint: Checkpoint;
    /** The note a retry resumes from, given the donation's id. */
    note: (donationId: string) => Record<string, unknown>;
  },
): Promise<{ donation: DonationRow; payment: PaymentRow }> {
  const { request, now } = input;
  const { contact_email: _contactEmail, ...contact } = request.contact;
  const donationId = randomUUID();
  const claim = input.checkpoint.claimInStatement?.(input.note(donationId)) ?? null;
  const [created] = await insertPendingDonationWithPayment(claim ? 'claimed' : 'plain', tx, {
    donationId,
    campaignId: input.campaignId,
    userId: input.userId,
    amountCents: request.amount,
    paymentMethod: request.payment.method as PaymentMethodName,
    isAnonymous: request.is_anonymous,
    message: request.message?.trim() ? request.message.trim() : null,
    contact: { ...contact, ...(request.contact.contact_email ? { contact_email: request.contact.contact_email } : {}) },
    address: request.address ?? null,
    sharedCampaignId: request.shared_campaign_id ?? null,
    receiptTokenHash: input.receiptTokenHash,
    locale: input.locale,
    gateway: input.gateway,
    now,
    ...(claim ? claimValues(claim.row) : {}),
  });
  if (!created) throw new Error('donation not created');
  if (claim) claim.settle(created.claimed);
  else await input.checkpoint(tx, input.note(donationId));
  countDonation({ method: created.payment.method, provider: created.payment.gateway, status: created.donation.status });
  return { donation: created.donation, payment: created.payment };
}

const claimValues = (row: ClaimRow): ClaimValues =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [`claim${key[0]!.toUpperCase()}${key.slice(1)}`, value])) as ClaimValues;

export interface DonationWithPayment {
  donation: DonationRow;
  payment: PaymentRow;
  campaign: { slug: string; title: string } | null;
}

/** The donation, its latest payment and its campaign. */
export async function loadDonation(executor: Executor, donationId: string): Promise<DonationWithPayment | null> {
  const rows = await executor
    .select({ donation: donations, payment: payments, campaignSlug: campaigns.slug, campaignTitle: campaigns.title })
    .from(donations)
    .innerJoin(payments, eq(payments.donationId, donations.id))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.id, donationId));
  const latest = rows.sort((a, b) => b.payment.createdAt.getTime() - a.payment.createdAt.getTime())[0];
  if (!latest) return null;
  return {
    donation: latest.donation,
    payment: latest.payment,
    campaign: latest.campaignSlug && latest.campaignTitle ? { slug: latest.campaignSlug, title: latest.campaignTitle } : null,
  };
}

/** The donation, locked for the rest of the transaction. */
export async function lockDonation(tx: Executor, donationId: string): Promise<DonationRow | null> {
  const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).for('update');
  return donation ?? null;
}

/** Who took a donation's payment, as the metrics name it (metrics.ts). */
export type PaidThrough = Pick<PaymentRow, 'method' | 'gateway'>;

export async function markDonationConfirmed(tx: Executor, donationId: string, now: Date, paidThrough: PaidThrough): Promise<void> {
  await tx.update(donations).set({ status: 'confirmed', confirmedAt: now, updatedAt: now }).where(eq(donations.id, donationId));
  countDonation({ method: paidThrough.method, provider: paidThrough.gateway, status: 'confirmed' });
}

/**
 * Confirms the donation unless it is settled already (confirmed or refunded), locking its row for the
 * rest of the transaction; the row as confirmed, or null when there was nothing to confirm.
 */
export async function confirmOpenDonation(
  tx: Executor,
  donationId: string,
  now: Date,
  paidThrough: PaidThrough,
): Promise<DonationRow | null> {
  const [donation] = await confirmIfOpen(tx, { donationId, now });
  if (donation) countDonation({ method: paidThrough.method, provider: paidThrough.gateway, status: 'confirmed' });
  return donation ?? null;
}

const confirmIfOpen = reusedQuery<{ donationId: string; now: Date }, DonationRow[]>((tx, value) =>
  tx
    .update(donations)
    .set({ status: 'confirmed', confirmedAt: value('now'), updatedAt: value('now') })
    .where(and(eq(donations.id, value('donationId')), notInArray(donations.status, ['confirmed', 'refunded'])))
    .returning(),
);

export async function markDonationRefunded(tx: Executor, donationId: string, now: Date, paidThrough: PaidThrough): Promise<void> {
  await tx.update(donations).set({ status: 'refunded', updatedAt: now }).where(eq(donations.id, donationId));
  countDonation({ method: paidThrough.method, provider: paidThrough.gateway, status: 'refunded' });
}

/** A failed, declined or expired payment fails (or expires) its donation too, unless already settled. */
export async function settlePendingDonation(
  tx: Executor,
  donationId: string,
  status: 'failed' | 'expired',
  now: Date,
  paidThrough: PaidThrough,
): Promise<void> {
  const settled = await tx
    .update(donations)
    .set({ status, updatedAt: now })
    .where(and(eq(donations.id, donationId), eq(donations.status, 'pending')))
    .returning({ id: donations.id });
  if (settled.length > 0) countDonation({ method: paidThrough.method, provider: paidThrough.gateway, status });
}

/** The campaign a donation went to, as receipts and gateway descriptions name it. */
export async function donationCampaign(
  executor: Executor,
  campaignId: string,
): Promise<{ id: string; slug: string; title: string } | null> {
  const [campaign] = await executor
    .select({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return campaign ?? null;
}

/**
 * Writes an automatic donation (docs/design.md §6) already confirmed, with a succeeded internal payment
 * like any wallet or gift card donation, so it reads like the others (contributions, receipts).
 * `automaticSource` is unique: when the row already exists nothing is written and null comes back.
 * Nobody holds its receipt token; the donor reads it as its owner. It is anonymous on the campaign's
 * donor list: the donor never chose to appear there.
 */
export async function insertAutomaticDonation(
  tx: Executor,
  input: {
    automaticSource: string;
    userId: string | null;
    campaignId: string | null;
    amountCents: number;
    method: 'wallet' | 'gift_card';
    contact: DonationContactRecord;
    locale: Locale;
    now: Date;
  },
): Promise<DonationRow | null> {
  const { now } = input;
  const [donation] = await tx
    .insert(donations)
    .values({
      campaignId: input.campaignId,
      userId: input.userId,
      amountCents: input.amountCents,
      status: 'confirmed',
      paymentMethod: input.method,
      isAnonymous: true,
      contact: input.contact,
      receiptTokenHash: hashOpaqueToken(newOpaqueToken()),
      locale: input.locale,
      automaticSource: input.automaticSource,
      createdAt: now,
      updatedAt: now,
      confirmedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!donation) return null;
  countDonation({ method: input.method, provider: INTERNAL_GATEWAY, status: 'confirmed' });
  await tx.insert(payments).values({
    donationId: donation.id,
    gateway: INTERNAL_GATEWAY,
    method: input.method,
    status: 'succeeded',
    amountCents: input.amountCents,
    createdAt: now,
    updatedAt: now,
  });
  return donation;
}
