import { and, eq, inArray, max, ne, or, sql } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { CampaignContent } from '../../../contracts/admin-campaign-editor';
import { errorCodes } from '../../../contracts/errors';
import { endOfSaoPauloDayText, lastSaoPauloDayBefore } from '../../../contracts/sao-paulo-time';
import { campaigns, campaignSlugRedirects, campaignTags, campaignVersions, categories, tags } from '../../db/schema';
import type { Executor } from '../../db/types';
import { conflict, invalid } from '../../domain/errors';

export type CampaignRow = typeof campaigns.$inferSelect;

/** What the public page shows now, in the editor's shape. */
export async function liveContent(db: Executor, row: CampaignRow): Promise<CampaignContent> {
  const [category] = row.categoryId
    ? await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, row.categoryId))
    : [];
  const tagRows = await db
    .select({ slug: tags.slug })
    .from(campaignTags)
    .innerJoin(tags, eq(tags.id, campaignTags.tagId))
    .where(eq(campaignTags.campaignId, row.id))
    .orderBy(tags.slug);
  return {
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    category: category?.slug ?? '',
    tags: tagRows.map((t) => t.slug),
    story: row.story,
    cover_url: row.coverImage ?? '',
    goal: row.goalCents,
    ends_on: row.endsAt ? lastSaoPauloDayBefore(row.endsAt) : '',
    organiser_name: row.organiserName,
    share_title: row.shareTitle ?? '',
    share_description: row.shareDescription ?? '',
  };
}

/** The draft when there is one, else the live content. */
export const editedContent = async (db: Executor, row: CampaignRow): Promise<CampaignContent> => row.draft ?? liveContent(db, row);

/** Whether a slug is another campaign's: its live slug, an old slug of it, or the slug its draft wants. */
export async function slugTakenByOther(db: Executor, slug: string, campaignId: string | null): Promise<boolean> {
  const [live] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(or(eq(campaigns.slug, slug), sql`${campaigns.draft}->>'slug' = ${slug}`), campaignId ? ne(campaigns.id, campaignId) : undefined),
    )
    .limit(1);
  if (live) return true;
  const [old] = await db
    .select({ id: campaignSlugRedirects.campaignId })
    .from(campaignSlugRedirects)
    .where(and(eq(campaignSlugRedirects.slug, slug), campaignId ? ne(campaignSlugRedirects.campaignId, campaignId) : undefined))
    .limit(1);
  return old !== undefined;
}

/** The first free slug: the wanted one, then with -2, -3… */
export async function freeSlug(db: Executor, wanted: string, campaignId: string | null): Promise<string> {
  const base = wanted || 'campanha';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 75)}-${n}`;
    if (!(await slugTakenByOther(db, candidate, campaignId))) return candidate;
  }
}

/** The category's and tags' ids, refusing names no longer in the lists ('Escolha uma categoria da lista.'). */
export async function taxonomyIds(db: Executor, content: CampaignContent): Promise<{ categoryId: string | null; tagIds: string[] }> {
  let categoryId: string | null = null;
  if (content.category) {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, content.category));
    if (!row) throw invalid(errorCodes.validation, am.categoryUnknown);
    categoryId = row.id;
  }
  const wanted = [...new Set(content.tags)];
  const tagRows = wanted.length ? await db.select({ id: tags.id }).from(tags).where(inArray(tags.slug, wanted)) : [];
  if (tagRows.length !== wanted.length) throw invalid(errorCodes.validation, am.tagUnknown);
  return { categoryId, tagIds: tagRows.map((t) => t.id) };
}

/**
 * Puts the content on the public page (inside the caller's transaction): the columns, the tags, an old
 * slug's redirect after a rename of a campaign that was public, and a numbered version.
 */
export async function publishContent(
  tx: Executor,
  row: CampaignRow,
  content: CampaignContent,
  by: string | null,
  now: Date,
): Promise<Partial<CampaignRow>> {
  const { categoryId, tagIds } = await taxonomyIds(tx, content);
  const slug = content.slug || row.slug;
  const [last] = await tx
    .select({ n: max(campaignVersions.number) })
    .from(campaignVersions)
    .where(eq(campaignVersions.campaignId, row.id));
  const wasPublic = (last?.n ?? 0) > 0;
  if (slug !== row.slug) {
    if (await slugTakenByOther(tx, slug, row.id)) throw conflict(errorCodes.campaignSlugTaken, am.slugTaken);
    await tx.delete(campaignSlugRedirects).where(eq(campaignSlugRedirects.slug, slug));
    if (wasPublic) await tx.insert(campaignSlugRedirects).values({ slug: row.slug, campaignId: row.id, createdAt: now });
  }
  await tx.delete(campaignTags).where(eq(campaignTags.campaignId, row.id));
  if (tagIds.length) await tx.insert(campaignTags).values(tagIds.map((tagId) => ({ campaignId: row.id, tagId })));
  await tx
    .insert(campaignVersions)
    .values({ campaignId: row.id, number: (last?.n ?? 0) + 1, content: { ...content, slug }, publishedBy: by, publishedAt: now });
  return {
    slug,
    title: content.title,
    summary: content.summary,
    story: content.story,
    coverImage: content.cover_url || null,
    categoryId,
    goalCents: content.goal,
    endsAt: content.ends_on ? endOfSaoPauloDayText(content.ends_on) : null,
    organiserName: content.organiser_name,
    shareTitle: content.share_title || null,
    shareDescription: content.share_description || null,
    draft: null,
  };
}
