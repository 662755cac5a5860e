import { sql } from 'drizzle-orm';
import { AUTO_DONATION_LOOKBACK_MONTHS } from '../../../contracts/constants';
import type { AutoDonationReason } from '../../../contracts/wallet';
import { isAcceptingDonations } from '../../campaigns/campaign-rules';
import type { Executor } from '../../db/types';
import { selectRows } from './raw-rows';

/** A campaign the donor chose or gave to, with what the rule needs to pick one. */
export interface CauseCandidate {
  id: string;
  slug: string;
  title: string;
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
  chosen: boolean;
  /** The donor's confirmed donations to it within the look-back window, in cents. */
  givenCents: number;
  lastGivenAt: Date | null;
}

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

interface CandidateRow {
  id: string;
  slug: string;
  title: string;
  status: string;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  chosen: boolean;
  given_cents: string | number;
  last_given_at: string | Date | null;
}

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/**
 * The donor's chosen campaign and every campaign they gave to in the window, in one query.
 * Automatic donations do not count as giving: the rule would otherwise feed on its own choices.
 */
export async function causeCandidates(executor: Executor, userId: string, now: Date): Promise<CauseCandidate[]> {
  const since = lookbackStart(now);
  const rows = await selectRows<CandidateRow>(
    executor,
    sql`
    select c.id, c.slug, c.title, c.status, c.starts_at, c.ends_at,
      coalesce(c.id = s.auto_donation_campaign_id, false) as chosen,
      coalesce(g.given_cents, 0) as given_cents, g.last_given_at
    from campaigns c
    left join donor_settings s on s.user_id = ${userId}
    left join (
      select d.campaign_id, sum(d.amount_cents) as given_cents, max(d.confirmed_at) as last_given_at
      from donations d
      where d.user_id = ${userId} and d.status = 'confirmed' and d.automatic_source is null
        and d.campaign_id is not null and d.confirmed_at >= ${since.toISOString()}::timestamptz and d.confirmed_at <= ${now.toISOString()}::timestamptz
      group by d.campaign_id
    ) g on g.campaign_id = c.id
    where c.id = s.auto_donation_campaign_id or g.campaign_id is not null`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    status: r.status,
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    chosen: r.chosen,
    givenCents: Number(r.given_cents),
    lastGivenAt: toDate(r.last_given_at),
  }));
}

/** Where the donor's unused credit would go at `now`. */
export async function autoDonationCauseOf(executor: Executor, userId: string, now: Date): Promise<AutoDonationCause> {
  return pickAutoDonationCause(await causeCandidates(executor, userId, now), now);
}
