import type { NextAutomaticDonation, WalletOverview } from '../../../contracts/wallet';
import type { Executor } from '../../db/types';
import { walletLots, type WalletLotBalance } from '../ledger';
import { causeCandidates, pickAutoDonationCause, type AutoDonationCause } from './auto-donation-cause';

/**
 * What the settling job will donate first unless spent: everything left on the lots that expire at
 * the earliest expiry, to the cause the rule picks today (docs/design.md §6: said in advance).
 */
function nextAutomaticDonation(lots: readonly WalletLotBalance[], cause: AutoDonationCause): NextAutomaticDonation | null {
  const first = lots[0];
  if (!first) return null;
  const at = first.expiresAt.getTime();
  const amount = lots.filter((lot) => lot.expiresAt.getTime() === at).reduce((sum, lot) => sum + lot.remainingCents, 0);
  return {
    amount,
    date: first.expiresAt.toISOString(),
    campaign: cause.campaign ? { slug: cause.campaign.slug, title: cause.campaign.title } : null,
    reason: cause.reason,
  };
}

/**
 * GET /wallet: the spendable balance, the open lots (first to expire first), the next automatic
 * donation and the chosen cause (even one that stopped taking donations), from two queries.
 */
export async function walletOverview(executor: Executor, userId: string, now: Date): Promise<WalletOverview> {
  const lots = await walletLots(executor, userId, now);
  const candidates = await causeCandidates(executor, userId, now);
  const chosen = candidates.find((c) => c.chosen);
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
    next_automatic_donation: nextAutomaticDonation(lots, pickAutoDonationCause(candidates, now)),
    chosen_cause: chosen ? { slug: chosen.slug, title: chosen.title } : null,
  };
}
