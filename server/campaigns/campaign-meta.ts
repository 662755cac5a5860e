import type { Executor } from '../db/types';
import type { CampaignMetaLookup } from '../plugins/open-graph';
import { absoluteUrl, campaignPageUrl } from './campaign-presenter';
import { findPublicCampaignMeta } from './campaigns-repository';

/** The Open Graph preview of a public campaign (drafts and unknown slugs have none). */
export const createCampaignMetaLookup =
  (db: Executor, publicUrl: string): CampaignMetaLookup =>
  async (slug) => {
    const row = await findPublicCampaignMeta(db, slug);
    if (!row) return null;
    return { title: row.title, summary: row.summary, imageUrl: absoluteUrl(row.coverImage, publicUrl), url: campaignPageUrl(slug, publicUrl) };
  };
