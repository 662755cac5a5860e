import type { Executor } from '../db/types';
import type { CampaignMetaLookup } from '../plugins/open-graph';
import { absoluteUrl, campaignPageUrl } from './campaign-presenter';
import { SHARE_IMAGE, shareImagePath } from './share-image';
import { findPublicCampaignMeta } from './campaigns-repository';

/**
 * The Open Graph preview of a public campaign (drafts and unknown slugs have none). Its image is always the
 * raster share image (the cover or a card), never the cover itself: covers may be SVG, which WhatsApp and
 * Facebook do not render.
 */
export const createCampaignMetaLookup =
  (db: Executor, publicUrl: string): CampaignMetaLookup =>
  async (slug) => {
    const row = await findPublicCampaignMeta(db, slug);
    if (!row) return null;
    return {
      // The editor's link-preview words when it has them (docs/admin.md).
      title: row.shareTitle || row.title,
      summary: row.shareDescription || row.summary,
      image: { url: absoluteUrl(shareImagePath(slug), publicUrl) as string, ...SHARE_IMAGE, alt: row.title },
      url: campaignPageUrl(slug, publicUrl),
    };
  };
