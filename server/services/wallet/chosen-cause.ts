import type { Database } from '../../db/types';
import { donorSettings } from '../../db/schema';
import { donatableCampaign } from '../donations/campaign-access';

/**
 * The donor's choice of where unused credit goes: a campaign that takes donations now (else not found
 * or refused, nothing stored), or null to let Semear choose (docs/ledger.md).
 */
export async function chooseAutoDonationCause(db: Database, userId: string, slug: string | null, now: Date): Promise<void> {
  const campaign = slug === null ? null : await donatableCampaign(db, slug, now);
  const campaignId = campaign?.id ?? null;
  await db
    .insert(donorSettings)
    .values({ userId, autoDonationCampaignId: campaignId, updatedAt: now })
    .onConflictDoUpdate({ target: donorSettings.userId, set: { autoDonationCampaignId: campaignId, updatedAt: now } });
}
