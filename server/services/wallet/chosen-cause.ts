import type { Database } from '../../db/types';
import { donatableCampaign } from '../donations/campaign-access';
import { saveAutoDonationCampaign } from './wallet-repository';

/**
 * The donor's choice of where unused credit goes: a campaign that takes donations now (else not found
 * or refused, nothing stored), or null to let Semear choose (docs/ledger.md).
 */
export async function chooseAutoDonationCause(db: Database, userId: string, slug: string | null, now: Date): Promise<void> {
  const campaign = slug === null ? null : await donatableCampaign(db, slug, now);
  await saveAutoDonationCampaign(db, userId, campaign?.id ?? null, now);
}
