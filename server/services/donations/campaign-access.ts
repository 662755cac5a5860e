import { eq } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors';
import { campaigns } from '../../db/schema';
import type { Executor } from '../../db/types';
import { HttpError } from '../../http/http-error';
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
  const [campaign] = await executor
    .select({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title, status: campaigns.status, startsAt: campaigns.startsAt, endsAt: campaigns.endsAt })
    .from(campaigns)
    .where(eq(campaigns.slug, slug));
  if (!campaign || campaign.status === 'draft') throw new HttpError(404, errorCodes.campaignNotFound, gm.campaignNotFound);
  const started = !campaign.startsAt || campaign.startsAt.getTime() <= now.getTime();
  const notEnded = !campaign.endsAt || campaign.endsAt.getTime() > now.getTime();
  if (campaign.status !== 'active' || !started || !notEnded) throw new HttpError(422, errorCodes.campaignNotAccepting, gm.campaignNotAccepting);
  return { id: campaign.id, slug: campaign.slug, title: campaign.title };
}
