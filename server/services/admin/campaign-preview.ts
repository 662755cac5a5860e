import { eq, inArray } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { CampaignDetail } from '../../../contracts/campaigns';
import { errorCodes } from '../../../contracts/errors';
import { CAMPAIGN_LATEST_ITEMS } from '../../../contracts/constants';
import { presentCampaignDetail } from '../../campaigns/campaign-presenter';
import { findCampaignDetailById } from '../../campaigns/campaigns-repository';
import { campaigns, categories, tags } from '../../db/schema';
import type { Executor } from '../../db/types';
import { notFound } from '../../domain/errors';
import { sanitizeStoryHtml } from '../story-html';
import { endOfSaoPauloDayText } from '../../../contracts/sao-paulo-time';

/**
 * The public page as the draft would make it (docs/admin.md: preview before publishing): the campaign's
 * real figures, its draft's words, cover, category and dates, its story sanitised as it would be stored.
 */
export async function previewCampaign(db: Executor, id: string, publicUrl: string, now: Date, locale: string): Promise<CampaignDetail> {
  const row = await findCampaignDetailById(db, id, CAMPAIGN_LATEST_ITEMS);
  if (!row) throw notFound(errorCodes.campaignNotFound, am.campaignNotFound);
  const [stored] = await db.select({ draft: campaigns.draft }).from(campaigns).where(eq(campaigns.id, id));
  const draft = stored?.draft;
  if (!draft) return presentCampaignDetail(row, publicUrl, now, locale);
  const [category] = draft.category ? await db.select().from(categories).where(eq(categories.slug, draft.category)) : [undefined];
  const tagRows = draft.tags.length ? await db.select().from(tags).where(inArray(tags.slug, draft.tags)) : [];
  return presentCampaignDetail(
    {
      ...row,
      slug: draft.slug || row.slug,
      title: draft.title,
      summary: draft.summary,
      story: sanitizeStoryHtml(draft.story),
      coverImage: draft.cover_url || null,
      goalCents: draft.goal,
      endsAt: draft.ends_on ? endOfSaoPauloDayText(draft.ends_on) : null,
      organiserName: draft.organiser_name,
      categorySlug: category?.slug ?? null,
      categoryName: category?.name ?? null,
      categoryTranslations: category?.translations ?? null,
      tags: tagRows.map((t) => ({ slug: t.slug, name: t.name, translations: t.translations })),
      // As it would show once published: open, from now.
      status: row.status === 'draft' || row.status === 'scheduled' ? 'published' : row.status,
      startsAt: row.status === 'draft' || row.status === 'scheduled' ? now : row.startsAt,
    },
    publicUrl,
    now,
    locale,
  );
}
