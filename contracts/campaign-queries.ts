import { z } from 'zod';
import { plainText } from './plain-text';
import { CAMPAIGN_SORTS } from './campaigns';
import { CAMPAIGN_PAGE_SIZE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

const pageParams = {
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  amount: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CAMPAIGN_PAGE_SIZE),
};

/** GET /campaigns: public list and search. Only active, paused and closed campaigns are listed. */
export const campaignListQuerySchema = z.object({
  q: plainText().trim().max(200).optional(),
  category: plainText().trim().max(120).optional(),
  tag: plainText().trim().max(120).optional(),
  sort: z.enum(CAMPAIGN_SORTS).optional(),
  featured: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...pageParams,
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

export const pageQuerySchema = z.object(pageParams);

/** GET /campaigns/:slug/messages and /donors: longer pages than the campaign grid. */
export const campaignFeedQuerySchema = z.object({
  page: pageParams.page,
  amount: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
