import { errorCodes } from '../../../contracts/errors';
import type { Executor } from '../../db/types';
import { isAcceptingDonations, isPublicCampaign } from '../../campaigns/campaign-rules';
import { findCampaignForGiving } from '../../campaigns/campaigns-repository';
import { notFound, refused } from '../../domain/errors';
import { givingMessages as gm } from '../../../contracts/giving-messages';

export interface DonatableCampaign {
  id: string;
  slug: string;
  title: string;
}

/**
 * The campaign a donation goes to: it must be public (not a draft: 404, as if it did not exist) and
 * accept donations now (active and within its dates: 422).
 */
export async function donatableCampaign(executor: Executor, slug: string, now: Date): Promise<DonatableCampaign> {
  return donatableAsFound(await findCampaignForGiving(executor, slug), now);
}

/** The same rules for a campaign read another way (with a new card's card-testing admission, in one statement). */
export function donatableAsFound(campaign: Awaited<ReturnType<typeof findCampaignForGiving>>, now: Date): DonatableCampaign {
  if (!campaign || !isPublicCampaign(campaign.status)) throw notFound(errorCodes.campaignNotFound, gm.campaignNotFound);
  if (!isAcceptingDonations(campaign, now)) throw refused(errorCodes.campaignNotAccepting, gm.campaignNotAccepting);
  return { id: campaign.id, slug: campaign.slug, title: campaign.title };
}
