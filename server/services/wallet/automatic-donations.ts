import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens';
import { donations, payments, type DonationContactRecord } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Locale } from '../../../contracts/constants';
import { INTERNAL_GATEWAY } from '../donations/create-donation';
import type { DonationRow } from '../donations/donation-records';

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
