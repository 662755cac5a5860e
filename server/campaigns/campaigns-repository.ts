import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CAMPAIGN_SORTS, NameTranslations } from '../../contracts/campaigns';
import { campaigns, campaignSlugRedirects, campaignTags, categories, tags } from '../db/schema';
import type { Executor } from '../db/types';
import { reusedQuery } from '../db/reused-query';
import {
  campaignIdRef,
  donationCount,
  donorCount,
  donorsJson,
  messageCount,
  messagesJson,
  notProviderFee,
  raisedCents,
  tagsJson,
  type DonorJson,
  type TagJson,
  type MessageJson,
} from './campaign-figures';
import { campaignSearchQuery } from './campaign-search';
import { PUBLIC_CAMPAIGN_STATUSES } from './campaign-rules';

/** Drafts are the organiser's business: the public sees only these. */
const isPublic = inArray(campaigns.status, [...PUBLIC_CAMPAIGN_STATUSES]);

const summaryFields = {
  id: campaigns.id,
  slug: campaigns.slug,
  title: campaigns.title,
  summary: campaigns.summary,
  coverImage: campaigns.coverImage,
  goalCents: campaigns.goalCents,
  status: campaigns.status,
  featured: campaigns.featured,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  organiserName: campaigns.organiserName,
  createdAt: campaigns.createdAt,
  categorySlug: categories.slug,
  categoryName: categories.name,
  categoryTranslations: categories.translations,
  tags: tagsJson,
  raised: raisedCents,
  donorCount,
};

export interface CampaignSummaryRow {
  id: string;
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  goalCents: number | null;
  status: (typeof campaigns.$inferSelect)['status'];
  featured: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  organiserName: string;
  createdAt: Date;
  categorySlug: string | null;
  categoryName: string | null;
  categoryTranslations: NameTranslations | null;
  tags: TagJson[];
  raised: number;
  donorCount: number;
}

export interface CampaignListFilter {
  q?: string;
  category?: string;
  tag?: string;
  sort?: (typeof CAMPAIGN_SORTS)[number];
  featured?: boolean;
  /** The admin's list: these statuses (drafts included); the public one sees only public campaigns. */
  statuses?: readonly CampaignSummaryRow['status'][];
  page: number;
  amount: number;
}

/**
 * The stored vector (title, summary, organiser, story) plus the campaign's category and tag names,
 * so 'alimentacao' finds the campaigns filed under 'Alimentação' even when their text says
 * 'alimentos'. The names live in other tables, so they cannot be part of the generated column.
 */
const searchVector = sql`(${campaigns}.${sql.identifier('search_vector')} || to_tsvector('portuguese', semear_search_text(concat_ws(' ',
  ${categories.name},
  (select string_agg(t.name, ' ') from ${campaignTags} ct join ${tags} t on t.id = ct.tag_id where ct.campaign_id = ${campaigns.id})))))`;
const recentFirst = [desc(sql`coalesce(${campaigns.startsAt}, ${campaigns.createdAt})`), desc(campaigns.createdAt)];

function listOrder(filter: CampaignListFilter, query: SQL | null, now: Date): SQL[] {
  switch (filter.sort) {
    case 'recent':
      return recentFirst;
    case 'most_raised':
      return [desc(raisedCents), ...recentFirst];
    case 'ending_soon': {
      // Campaigns still taking donations first, the nearest end date first; open-ended ones after them.
      const open = sql`(${campaigns.status} = 'published' and (${campaigns.endsAt} is null or ${campaigns.endsAt} > ${now}))`;
      return [desc(open), sql`${campaigns.endsAt} asc nulls last`, ...recentFirst];
    }
    default:
      // relevance: the best text match when searching, else what the team features, then the newest.
      return [...(query ? [desc(sql`ts_rank(${searchVector}, ${query})`)] : []), desc(campaigns.featured), ...recentFirst];
  }
}

/** One page of campaigns (public ones, or the admin's `statuses`) with their figures and the total that matched, in one statement. */
export async function listPublicCampaigns(
  db: Executor,
  filter: CampaignListFilter,
  now: Date,
): Promise<{ rows: CampaignSummaryRow[]; total: number }> {
  const q = filter.q?.trim() ? filter.q.trim() : undefined;
  const query = q ? campaignSearchQuery(q) : null;
  const conditions: SQL[] = [filter.statuses ? inArray(campaigns.status, [...filter.statuses]) : isPublic];
  if (query) conditions.push(sql`${searchVector} @@ ${query}`);
  if (filter.category) conditions.push(eq(categories.slug, filter.category));
  if (filter.tag) {
    conditions.push(
      sql`exists (select 1 from ${campaignTags} ct join ${tags} t on t.id = ct.tag_id where ct.campaign_id = ${campaignIdRef} and t.slug = ${filter.tag})`,
    );
  }
  if (filter.featured !== undefined) conditions.push(eq(campaigns.featured, filter.featured));
  const where = and(...conditions);

  const rows = await db
    .select({ ...summaryFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(campaigns)
    .leftJoin(categories, eq(categories.id, campaigns.categoryId))
    .where(where)
    .orderBy(...listOrder(filter, query, now), asc(campaigns.id))
    .limit(filter.amount)
    .offset(filter.page * filter.amount);
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  // Past the last page the window has no row to carry the total: count separately (rare).
  if (filter.page === 0) return { rows: [], total: 0 };
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(campaigns)
    .leftJoin(categories, eq(categories.id, campaigns.categoryId))
    .where(where);
  return { rows: [], total: counted?.n ?? 0 };
}

export interface CampaignDetailRow extends CampaignSummaryRow {
  story: string;
  donationCount: number;
  messageCount: number;
  latestMessages: MessageJson[];
  latestDonors: DonorJson[];
}

/** A public campaign with its story, figures and latest messages and donors, in one statement. */
export const findPublicCampaign = (db: Executor, slug: string, latestItems: number): Promise<CampaignDetailRow | undefined> =>
  findCampaignDetail(db, and(eq(campaigns.slug, slug), isPublic) as SQL, latestItems);

/** Any campaign (drafts too) with its figures, for the editor's preview. */
export const findCampaignDetailById = (db: Executor, id: string, latestItems: number): Promise<CampaignDetailRow | undefined> =>
  findCampaignDetail(db, eq(campaigns.id, id), latestItems);

async function findCampaignDetail(db: Executor, where: SQL, latestItems: number): Promise<CampaignDetailRow | undefined> {
  const [row] = await db
    .select({
      ...summaryFields,
      story: campaigns.story,
      donationCount,
      messageCount,
      latestMessages: messagesJson(latestItems),
      latestDonors: donorsJson(latestItems),
    })
    .from(campaigns)
    .leftJoin(categories, eq(categories.id, campaigns.categoryId))
    .where(where);
  return row;
}

/** What a shared link's preview needs (Open Graph), without the figures. */
export async function findPublicCampaignMeta(
  db: Executor,
  slug: string,
): Promise<
  { title: string; summary: string; coverImage: string | null; shareTitle: string | null; shareDescription: string | null } | undefined
> {
  const [row] = await db
    .select({
      title: campaigns.title,
      summary: campaigns.summary,
      coverImage: campaigns.coverImage,
      shareTitle: campaigns.shareTitle,
      shareDescription: campaigns.shareDescription,
    })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), isPublic));
  return row;
}

type CampaignForGiving = Pick<typeof campaigns.$inferSelect, 'id' | 'slug' | 'title' | 'status' | 'startsAt' | 'endsAt'>;

/** The columns deciding whether a campaign takes a donation now reads (the card-testing guard reads them too). */
export const campaignForGivingColumns = {
  id: campaigns.id,
  slug: campaigns.slug,
  title: campaigns.title,
  status: campaigns.status,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
};

const campaignForGiving = reusedQuery<{ slug: string }, CampaignForGiving[]>((db, value) =>
  db
    .select(campaignForGivingColumns)
    .from(campaigns)
    .where(eq(campaigns.slug, value('slug'))),
);

/** What deciding whether a campaign takes a donation now needs (drafts included: the caller tells them apart). */
export async function findCampaignForGiving(db: Executor, slug: string): Promise<CampaignForGiving | undefined> {
  const [row] = await campaignForGiving(db, { slug });
  return row;
}

/** What a public campaign's share image is drawn from: title, cover, goal and amount raised. */
export async function findPublicCampaignCard(
  db: Executor,
  slug: string,
): Promise<{ title: string; coverImage: string | null; goalCents: number | null; raised: number } | undefined> {
  const [row] = await db
    .select({ title: campaigns.title, coverImage: campaigns.coverImage, goalCents: campaigns.goalCents, raised: raisedCents })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), isPublic));
  return row ? { ...row, raised: Number(row.raised) } : undefined;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A page of a public campaign's messages or donors with their total, in one statement; undefined when there is no such campaign. */
async function campaignPage<T>(db: Executor, slug: string, items: SQL<T[]>, total: SQL<number>): Promise<Page<T> | undefined> {
  const [row] = await db
    .select({ items, total })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), isPublic));
  return row;
}

export const listCampaignMessages = (db: Executor, slug: string, page: number, amount: number) =>
  campaignPage(db, slug, messagesJson(amount, page * amount), messageCount);

export const listCampaignDonors = (db: Executor, slug: string, page: number, amount: number) =>
  campaignPage(db, slug, donorsJson(amount, page * amount), donationCount);

/** Categories by name, each with how many public campaigns it holds. */
export async function listCategories(
  db: Executor,
): Promise<Array<{ slug: string; name: string; translations: NameTranslations; campaignCount: number }>> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      translations: categories.translations,
      campaignCount: sql<number>`(select count(*) from ${campaigns} c where c.category_id = ${categories}.${sql.identifier('id')}
        and c.status in ('published', 'paused', 'ended'))`.mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export const listTags = (db: Executor): Promise<TagJson[]> =>
  db.select({ slug: tags.slug, name: tags.name, translations: tags.translations }).from(tags).orderBy(asc(tags.name));

/**
 * The home page's platform figures in one statement: money given to campaigns and the general fund
 * (ledger balances), confirmed donations, distinct donors and active campaigns.
 */
export async function platformTotals(db: Executor): Promise<{ raised: number; donations: number; donors: number; campaigns: number }> {
  const [row] = await db
    .select({
      raised: sql<number>`coalesce((select sum(e.amount_cents) from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind in ('campaign', 'general_fund') and ${notProviderFee}), 0)::bigint`.mapWith(Number),
      donations: sql<number>`(select count(*) from donations d where d.status = 'confirmed')`.mapWith(Number),
      donors:
        sql<number>`(select count(distinct coalesce(d.user_id::text, lower(d.contact->>'email'))) from donations d where d.status = 'confirmed')`.mapWith(
          Number,
        ),
      campaigns: sql<number>`count(*)`.mapWith(Number),
    })
    .from(campaigns)
    .where(eq(campaigns.status, 'published'));
  return row ?? { raised: 0, donations: 0, donors: 0, campaigns: 0 };
}

/** The current slug of the public campaign that once answered at `slug` (renamed since), or null. */
export async function renamedCampaignSlug(db: Executor, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: campaigns.slug })
    .from(campaignSlugRedirects)
    .innerJoin(campaigns, eq(campaigns.id, campaignSlugRedirects.campaignId))
    .where(and(eq(campaignSlugRedirects.slug, slug), isPublic));
  return row?.slug ?? null;
}
