import { z } from 'zod';
import { CAMPAIGN_SORTS, CAMPAIGN_STATUSES } from './campaigns';

/** The admins' list of campaigns (/admin/campaigns; docs/admin.md): every status, drafts included. */

/** GET /admin/campaigns: search, filters, sort and page (from 0). */
export const adminCampaignQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  category: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(120)
    .optional(),
  sort: z.enum(CAMPAIGN_SORTS).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  amount: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminCampaignRowSchema = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** Cents, from the ledger. */
  raised: z.number().int(),
  goal: z.number().int().nullable(),
  donors: z.number().int(),
  starts_at: z.string().nullable(),
  /** When donations stop (exclusive); `last_day` is the last São Paulo day to give, 'YYYY-MM-DD'. */
  ends_at: z.string().nullable(),
  last_day: z.string().nullable(),
});
export type AdminCampaignRow = z.infer<typeof adminCampaignRowSchema>;
