import { eq } from 'drizzle-orm';
import type { NextAutomaticDonation, WalletOverview } from '../../../contracts/wallet';
import { campaigns, donorSettings } from '../../db/schema';
import type { Executor } from '../../db/types';
import { walletLots, type WalletLotBalance } from '../ledger';
import { autoDonationCauseOf } from './auto-donation-cause';

/**
 * What the settling job will donate first unless spent: everything left on the lots that expire at
 * the earliest expiry, to the cause the rule picks today (DESIGN.md §6: said in advance).
 */
export async function nextAutomaticDonation(executor: Executor, userId: string, lots: readonly WalletLotBalance[], now: Date): Promise<NextAutomaticDonation | null> {
  const first = lots[0];
  if (!first) return null;
  const at = first.expiresAt.getTime();
  const amount = lots.filter((lot) => lot.expiresAt.getTime() === at).reduce((sum, lot) => sum + lot.remainingCents, 0);
  const cause = await autoDonationCauseOf(executor, userId, now);
  return { amount, date: first.expiresAt.toISOString(), campaign: cause.campaign ? { slug: cause.campaign.slug, title: cause.campaign.title } : null, reason: cause.reason };
}

/** The campaign the donor chose for unused credit, if any (even one that stopped taking donations). */
export async function chosenCause(executor: Executor, userId: string): Promise<{ slug: string; title: string } | null> {
  const [row] = await executor
    .select({ slug: campaigns.slug, title: campaigns.title })
    .from(donorSettings)
    .innerJoin(campaigns, eq(campaigns.id, donorSettings.autoDonationCampaignId))
    .where(eq(donorSettings.userId, userId));
  return row ?? null;
}

/** GET /wallet: the spendable balance, the open lots (first to expire first), the next automatic donation and the chosen cause. */
export async function walletOverview(executor: Executor, userId: string, now: Date): Promise<WalletOverview> {
  const lots = await walletLots(executor, userId, now);
  return {
    balance: lots.reduce((sum, lot) => sum + lot.remainingCents, 0),
    lots: lots.map((lot) => ({
      id: lot.id,
      origin: lot.origin,
      amount: lot.amountCents,
      remaining: lot.remainingCents,
      expires_at: lot.expiresAt.toISOString(),
      created_at: lot.createdAt.toISOString(),
    })),
    next_automatic_donation: await nextAutomaticDonation(executor, userId, lots, now),
    chosen_cause: await chosenCause(executor, userId),
  };
}
