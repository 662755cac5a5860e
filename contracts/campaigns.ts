import { z } from 'zod';
import { CAMPAIGN_PAGE_SIZE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/**
 * Campaign payloads (public). Money fields are integer cents: goal (null when the campaign has no
 * goal) and raised (from the ledger; it keeps counting past the goal).
 */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'closed'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const CAMPAIGN_SORTS = ['relevance', 'recent', 'most_raised', 'ending_soon'] as const;

export const categorySchema = z.object({ slug: z.string(), name: z.string(), campaign_count: z.number().int() });
export type Category = z.infer<typeof categorySchema>;
export const tagSchema = z.object({ slug: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const campaignSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Absolute URL of the cover image, or null. */
  cover_url: z.string().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  tags: z.array(tagSchema),
  goal: z.number().int().nullable(),
  raised: z.number().int(),
  donor_count: z.number().int(),
  status: campaignStatusSchema,
  featured: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  organiser_name: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export const campaignSummaryListSchema = z.array(campaignSummarySchema);

/** A donor's message on a campaign; donor_name is null for anonymous donors (shown as 'Anônimo'). */
export const campaignMessageSchema = z.object({
  id: z.string(),
  donor_name: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type CampaignMessage = z.infer<typeof campaignMessageSchema>;

/** A confirmed donation as the donors list shows it; anonymous donors keep their amount in the totals. */
export const campaignDonorSchema = z.object({
  id: z.string(),
  donor_name: z.string().nullable(),
  amount: z.number().int(),
  created_at: z.string(),
});
export type CampaignDonor = z.infer<typeof campaignDonorSchema>;

export const campaignDetailSchema = campaignSummarySchema.extend({
  /** Sanitised HTML (p, br, strong, em, u, a, ul, ol, li, h2, h3, blockquote). */
  story_html: z.string(),
  donation_count: z.number().int(),
  message_count: z.number().int(),
  latest_messages: z.array(campaignMessageSchema),
  latest_donors: z.array(campaignDonorSchema),
  /** Whether the campaign takes donations now (active and within its dates). */
  accepting_donations: z.boolean(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const platformTotalsSchema = z.object({
  raised: z.number().int(),
  donations: z.number().int(),
  donors: z.number().int(),
  campaigns: z.number().int(),
});
export type PlatformTotals = z.infer<typeof platformTotalsSchema>;

const pageParams = {
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  amount: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CAMPAIGN_PAGE_SIZE),
};

/** GET /campaigns: public list and search. Only active, paused and closed campaigns are listed. */
export const campaignListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(120).optional(),
  tag: z.string().trim().max(120).optional(),
  sort: z.enum(CAMPAIGN_SORTS).optional(),
  featured: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  ...pageParams,
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

export const pageQuerySchema = z.object(pageParams);

/** GET /campaigns/:slug/messages and /donors: longer pages than the campaign grid. */
export const campaignFeedQuerySchema = z.object({
  page: pageParams.page,
  amount: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
