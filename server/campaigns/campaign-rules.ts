/** Who may see a campaign: drafts are the team's own. */
export const PUBLIC_CAMPAIGN_STATUSES = ['published', 'paused', 'ended'] as const;

export const isPublicCampaign = (status: string): boolean => (PUBLIC_CAMPAIGN_STATUSES as readonly string[]).includes(status);

/**
 * A campaign takes donations while active and within its dates (a missing date leaves that side
 * open). The campaign page shows it and the donation call enforces it, from this one rule.
 */
export function isAcceptingDonations(campaign: { status: string; startsAt: Date | null; endsAt: Date | null }, now: Date): boolean {
  if (campaign.status !== 'published') return false;
  if (campaign.startsAt && campaign.startsAt.getTime() > now.getTime()) return false;
  return !(campaign.endsAt && campaign.endsAt.getTime() <= now.getTime());
}
