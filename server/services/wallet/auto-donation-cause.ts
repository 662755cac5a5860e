import { AUTO_DONATION_LOOKBACK_MONTHS } from '../../../contracts/constants';
import type { AutoDonationReason } from '../../../contracts/wallet';
import { isAcceptingDonations } from '../../campaigns/campaign-rules';
import type { Executor } from '../../db/types';
import { causeCandidatesSince, type CauseCandidate } from './wallet-repository';

export type { CauseCandidate } from './wallet-repository';

/** Where unused credit goes; campaign null is the general fund. */
export interface AutoDonationCause {
  campaign: { id: string; slug: string; title: string } | null;
  reason: AutoDonationReason;
}

const asCause = (c: CauseCandidate, reason: AutoDonationReason): AutoDonationCause => ({
  campaign: { id: c.id, slug: c.slug, title: c.title },
  reason,
});

/**
 * docs/design.md §6: the chosen campaign if it still takes donations; else the one the donor gave most to
 * (ties: the one given to last) that still takes donations; else the general fund. Money is never
 * sent to a campaign that could not receive a donation from the checkout at that moment.
 */
export function pickAutoDonationCause(candidates: readonly CauseCandidate[], now: Date): AutoDonationCause {
  const open = candidates.filter((c) => isAcceptingDonations(c, now));
  const chosen = open.find((c) => c.chosen);
  if (chosen) return asCause(chosen, 'chosen');
  const givenTo = open
    .filter((c) => c.givenCents > 0)
    .sort(
      (a, b) =>
        b.givenCents - a.givenCents || (b.lastGivenAt?.getTime() ?? 0) - (a.lastGivenAt?.getTime() ?? 0) || a.slug.localeCompare(b.slug),
    );
  const most = givenTo[0];
  return most ? asCause(most, 'most_given') : { campaign: null, reason: 'general_fund' };
}

/** The start of the look-back window: the same moment AUTO_DONATION_LOOKBACK_MONTHS months earlier. */
export function lookbackStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - AUTO_DONATION_LOOKBACK_MONTHS);
  return start;
}

/** The donor's chosen campaign and every campaign they gave to in the look-back window. */
export const causeCandidates = (executor: Executor, userId: string, now: Date): Promise<CauseCandidate[]> =>
  causeCandidatesSince(executor, userId, lookbackStart(now), now);

/** Where the donor's unused credit would go at `now`. */
export async function autoDonationCauseOf(executor: Executor, userId: string, now: Date): Promise<AutoDonationCause> {
  return pickAutoDonationCause(await causeCandidates(executor, userId, now), now);
}
