import * as z from 'zod/mini';

/**
 * The contributions history's filters (GET /contributions and /profile/contributions). Written with
 * zod/mini and without messages: the route validates its search with it, and route files load with
 * the first page (docs/web-app.md, JS budget). The API's strict query schema is in contributions.ts.
 */

/** A one-time gift, the automatic donation of unused credit, a monthly charge, a gift card bought. */
export const CONTRIBUTION_TYPES = ['donation', 'automatic_donation', 'monthly', 'gift_card'] as const;
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];

/**
 * One status set for every type: confirmed/succeeded (and a gift card bought) → paid,
 * pending/processing → pending, failed/expired → failed, refunded (or a cancelled gift card) → refunded.
 */
export const CONTRIBUTION_STATUSES = ['paid', 'pending', 'failed', 'refunded'] as const;
export type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];

/** The last 30 or 90 days, the last 12 months, or a calendar year ('2026') in America/Sao_Paulo. */
export const CONTRIBUTION_PERIODS = ['30d', '90d', '12m'] as const;
export const CONTRIBUTION_PERIOD_PATTERN = /^(30d|90d|12m|20\d{2})$/;

export const CONTRIBUTIONS_PAGE_SIZE = 20;

const optional = <T extends z.core.$ZodType>(schema: T) => z.catch(z.optional(schema), undefined);

/** /profile/contributions?type&status&period&page: a malformed value is dropped, never an error page. */
export const contributionsRouteSearchSchema = z.object({
  type: optional(z.enum(CONTRIBUTION_TYPES)),
  status: optional(z.enum(CONTRIBUTION_STATUSES)),
  period: optional(z.string().check(z.regex(CONTRIBUTION_PERIOD_PATTERN))),
  page: optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000))),
});
export type ContributionsRouteSearch = z.infer<typeof contributionsRouteSearchSchema>;
