import type {
  CampaignDetail,
  CampaignDonor,
  CampaignMessage,
  CampaignSummary,
  Category,
  PlatformTotals,
  Tag,
} from '../../contracts/campaigns';
import { nameIn } from '../../contracts/campaigns';
import { CAMPAIGN_LATEST_ITEMS } from '../../contracts/constants';
import { errorCodes } from '../../contracts/errors';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { slugSchema } from '../../contracts/routes';
import type { Executor } from '../db/types';
import { notFound } from '../domain/errors';
import { nextChangeOf } from '../http/public-reads';
import type { Clock } from '../services/clock';
import { presentCampaignDetail, presentCampaignSummary, presentDonor, presentMessage, presentTag } from './campaign-presenter';
import {
  findPublicCampaign,
  findPublicCampaignCard,
  listCampaignDonors,
  listCampaignMessages,
  listCategories,
  listPublicCampaigns,
  listTags,
  platformTotals,
  renamedCampaignSlug,
  type CampaignListFilter,
  type Page,
} from './campaigns-repository';

/**
 * The public side of campaigns as the API shows it, names in the language asked for: what the public
 * routes answer (and cache), without HTTP. Drafts never show; an unknown campaign's feed is a not-found.
 */

/** One page of public campaigns; `changesAt` is when one of them starts or ends next (the answer changes then). */
export async function campaignSummaries(
  db: Executor,
  filter: CampaignListFilter,
  now: Date,
  view: { publicUrl: string; locale: string },
): Promise<{ campaigns: CampaignSummary[]; total: number; changesAt: Date | null }> {
  const { rows, total } = await listPublicCampaigns(db, filter, now);
  return {
    campaigns: rows.map((row) => presentCampaignSummary(row, view.publicUrl, view.locale)),
    total,
    changesAt: nextChangeOf(rows, now),
  };
}

/** A public campaign's page with its latest messages and donors, or null; accepting_donations turns at `changesAt`. */
export async function campaignPage(
  db: Executor,
  slug: string,
  clock: Clock,
  view: { publicUrl: string; locale: string },
): Promise<{ id: string; campaign: CampaignDetail; changesAt: Date | null } | null> {
  const row = await findPublicCampaign(db, slug, CAMPAIGN_LATEST_ITEMS);
  if (!row) return null;
  const now = clock.now();
  return { id: row.id, campaign: presentCampaignDetail(row, view.publicUrl, now, view.locale), changesAt: nextChangeOf([row], now) };
}

/** The current slug of the public campaign that once answered at `slug` (renamed since), or null. */
export const currentSlugOf = (db: Executor, slug: string): Promise<string | null> => renamedCampaignSlug(db, slug);

const foundPage = <T>(page: Page<T> | undefined): Page<T> => {
  if (!page) throw notFound(errorCodes.campaignNotFound, gm.campaignNotFound);
  return page;
};

/** A page of a public campaign's messages and how many there are. */
export async function campaignMessages(db: Executor, slug: string, page: number, amount: number): Promise<Page<CampaignMessage>> {
  const found = foundPage(await listCampaignMessages(db, slug, page, amount));
  return { items: found.items.map(presentMessage), total: found.total };
}

/** A page of a public campaign's donors and how many donations there are. */
export async function campaignDonors(db: Executor, slug: string, page: number, amount: number): Promise<Page<CampaignDonor>> {
  const found = foundPage(await listCampaignDonors(db, slug, page, amount));
  return { items: found.items.map(presentDonor), total: found.total };
}

/** What a public campaign's share image and cover renditions are drawn from; undefined for anything not a public campaign's slug. */
export const publicCampaignCard = async (db: Executor, slug: string) =>
  slugSchema.safeParse(slug).success ? findPublicCampaignCard(db, slug) : undefined;

/** Categories in their order, each with how many public campaigns it holds. */
export const categoryList = async (db: Executor, locale: string): Promise<Category[]> =>
  (await listCategories(db)).map((c) => ({ slug: c.slug, name: nameIn(locale, c.name, c.translations), campaign_count: c.campaignCount }));

/** Tags by name. */
export const tagList = async (db: Executor, locale: string): Promise<Tag[]> => (await listTags(db)).map((tag) => presentTag(tag, locale));

/** The home page's platform figures. */
export const platformFigures = (db: Executor): Promise<PlatformTotals> => platformTotals(db);
