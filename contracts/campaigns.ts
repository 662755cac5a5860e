import * as z from 'zod/mini';

/**
 * Campaign payloads (public). Money fields are integer cents: goal (null when the campaign has no
 * goal) and raised (from the ledger; it keeps counting past the goal).
 *
 * Written with zod/mini: the home page and /{slug} parse these in their route loaders, and their JS
 * budgets have no room for classic zod. Fastify validates and serialises with the same schemas.
 * The query schemas, used by the server only, are in campaign-queries.ts.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'published', 'paused', 'ended', 'archived'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const CAMPAIGN_SORTS = ['relevance', 'recent', 'most_raised', 'ending_soon'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/**
 * A category's or tag's name in the languages other than Portuguese (its `name`), kept with it; the
 * API answers the name in the request's language, falling back to Portuguese.
 */
export type NameTranslations = Partial<Record<'en' | 'es', string>>;

/** The name to show in `locale`: its translation when it has one, else the Portuguese name. */
export const nameIn = (locale: string, name: string, translations: NameTranslations | null | undefined): string =>
  (locale === 'en' || locale === 'es' ? translations?.[locale]?.trim() : undefined) || name;

const cents = z.number().check(z.int());
const count = z.number().check(z.int());

export const categorySchema = z.object({ slug: z.string(), name: z.string(), campaign_count: count });
export type Category = z.infer<typeof categorySchema>;
export const tagSchema = z.object({ slug: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const categoryListSchema = z.array(categorySchema);
export const tagListSchema = z.array(tagSchema);

export const campaignSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Absolute URL of the cover image, or null. */
  cover_url: z.nullable(z.string()),
  category: z.nullable(z.object({ slug: z.string(), name: z.string() })),
  tags: z.array(tagSchema),
  goal: z.nullable(cents),
  raised: cents,
  donor_count: count,
  status: campaignStatusSchema,
  featured: z.boolean(),
  starts_at: z.nullable(z.string()),
  /** When donations stop: the next day's 00:00 in São Paulo after the last day (exclusive). */
  ends_at: z.nullable(z.string()),
  /** The last day to give, 'YYYY-MM-DD' in São Paulo (the day before ends_at): what pages show. */
  last_day: z.nullable(z.string()),
  organiser_name: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export const campaignSummaryListSchema = z.array(campaignSummarySchema);

/** A donor's message on a campaign; donor_name is null for anonymous donors (shown as 'Anônimo'). */
export const campaignMessageSchema = z.object({
  id: z.string(),
  donor_name: z.nullable(z.string()),
  message: z.string(),
  created_at: z.string(),
});
export type CampaignMessage = z.infer<typeof campaignMessageSchema>;
export const campaignMessageListSchema = z.array(campaignMessageSchema);

/** A confirmed donation as the donors list shows it; anonymous donors keep their amount in the totals. */
export const campaignDonorSchema = z.object({
  id: z.string(),
  donor_name: z.nullable(z.string()),
  amount: cents,
  created_at: z.string(),
});
export type CampaignDonor = z.infer<typeof campaignDonorSchema>;
export const campaignDonorListSchema = z.array(campaignDonorSchema);

export const campaignDetailSchema = z.extend(campaignSummarySchema, {
  /** Sanitised HTML (p, br, strong, em, u, a, ul, ol, li, h2, h3, blockquote). */
  story_html: z.string(),
  donation_count: count,
  message_count: count,
  latest_messages: z.array(campaignMessageSchema),
  latest_donors: z.array(campaignDonorSchema),
  /** Whether the campaign takes donations now (active and within its dates). */
  accepting_donations: z.boolean(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const platformTotalsSchema = z.object({ raised: cents, donations: count, donors: count, campaigns: count });
export type PlatformTotals = z.infer<typeof platformTotalsSchema>;

/** The widths a raster cover is served at (/img/covers/{slug}-{width}.webp): phones take the small one. */
export const COVER_WIDTHS = [480, 960, 1440] as const;
/** How wide the cover shows on the campaign page: the whole column on phones, the main column from 1024 px. */
export const COVER_SIZES = '(min-width: 1024px) 680px, calc(100vw - 32px)';

/**
 * The srcset of a campaign's cover renditions, or null when its cover is vector (SVG, sharp at any
 * size and already small) or missing.
 */
export function coverSrcSet(slug: string, coverUrl: string | null): string | null {
  if (!coverUrl || /\.svg(?:[?#]|$)/i.test(coverUrl)) return null;
  // A cover uploaded in the editor has its widths drawn already, under its own (immutable) id.
  const uploaded = /\/img\/campaign-covers\/([0-9a-f-]{36})\.jpg$/.exec(coverUrl)?.[1];
  if (uploaded) return COVER_WIDTHS.map((width) => `/img/campaign-covers/${uploaded}-${width}.webp ${width}w`).join(', ');
  return COVER_WIDTHS.map((width) => `/img/covers/${encodeURIComponent(slug)}-${width}.webp ${width}w`).join(', ');
}
