import { i18n } from '@lingui/core';
import * as z from 'zod/mini';
import { API_PREFIX, CAMPAIGN_PAGE_SIZE, DEFAULT_LOCALE, DEFAULT_PAGE_SIZE } from '../../../contracts/constants';
import { messages } from '../../../contracts/messages';
import {
  campaignDetailSchema,
  campaignDonorSchema,
  campaignMessageSchema,
  campaignSummarySchema,
  categoryListSchema,
  platformTotalsSchema,
  tagListSchema,
  type CampaignDetail,
  type CampaignDonor,
  type CampaignMessage,
  type CampaignSort,
  type CampaignSummary,
  type Category,
  type PlatformTotals,
  type Tag,
} from '../../../contracts/campaigns';
import { takeInlinedAnswer } from './inlined-answers';

/**
 * Public campaign reads (no session needed): home, search, /{slug}, its messages and donors.
 *
 * Why `fetch` and not the axios client: these calls run in the route loaders of the home page and
 * /{slug}, whose JS budgets (150 KB and 170 KB gzipped, docs/web-app.md) have no room for axios.
 * Answers are parsed with the contracts' schemas (zod/mini, whose core the first page already loads).
 */

/** GET /campaigns filters (contracts' campaignListQuerySchema, as the caller writes them). */
export interface CampaignsQuery {
  q?: string;
  category?: string;
  tag?: string;
  sort?: CampaignSort;
  featured?: boolean;
  page?: number;
  amount?: number;
}

/** One page of a list and the total behind it (header x-total-count). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  amount: number;
}

/**
 * A failed call, shaped like src/lib/http/api-error's ApiRequestError (same name, status, code,
 * messages) so reportError and the route error screens treat it alike without importing axios.
 */
export class CampaignsApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly messages: string[];

  constructor(init: { status: number; code?: string; messages: string[] }) {
    super(init.messages.join('\n'));
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages;
  }
}

type Fetch = typeof fetch;
type Query = Record<string, string | number | boolean | undefined>;

async function failure(response: Response): Promise<CampaignsApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const list =
    typeof record.message === 'string'
      ? [record.message]
      : Array.isArray(record.message)
        ? record.message.filter((m) => typeof m === 'string')
        : [];
  return new CampaignsApiError({
    status: response.status,
    code: typeof record.code === 'string' ? record.code : undefined,
    messages: list.length > 0 ? list : [messages.unknownError.id],
  });
}

export function createCampaignsApi(fetchFn: Fetch = (...args) => fetch(...args), baseURL: string = API_PREFIX) {
  async function get(path: string, query: Query = {}): Promise<{ data: unknown; headers: Headers }> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    const search = params.toString();
    const url = `${baseURL}${path}${search ? `?${search}` : ''}`;
    // Category and tag names (and messages) in the interface's language, not the browser's.
    const locale = i18n.locale || DEFAULT_LOCALE;
    const inlined = takeInlinedAnswer(url, locale);
    if (inlined)
      return { data: inlined.body, headers: new Headers(inlined.total === null ? {} : { 'x-total-count': String(inlined.total) }) };
    let response: Response;
    try {
      // Always asked again (answered 304 when unchanged): the server lets caches serve a stale copy while
      // they revalidate (stale-while-revalidate, for CDNs), and a donor must see their gift on the next read.
      response = await fetchFn(url, { cache: 'no-cache', headers: { Accept: 'application/json', 'Accept-Language': locale } });
    } catch {
      throw new CampaignsApiError({ status: 0, messages: [messages.unknownError.id] });
    }
    if (!response.ok) throw await failure(response);
    return { data: await response.json(), headers: response.headers };
  }

  async function paged<T>(path: string, query: { page: number; amount: number } & Query, item: z.ZodMiniType<T>): Promise<Paged<T>> {
    const { data, headers } = await get(path, query);
    const items = z.array(item).parse(data);
    const header = Number(headers.get('x-total-count'));
    return {
      items,
      total: Number.isFinite(header) && headers.has('x-total-count') ? header : items.length,
      page: query.page,
      amount: query.amount,
    };
  }

  const slugPath = (slug: string) => `/campaigns/${encodeURIComponent(slug)}`;

  return {
    /** GET /campaigns (search and lists); only the given filters are sent. */
    listCampaigns(query: CampaignsQuery = {}): Promise<Paged<CampaignSummary>> {
      const { page = 0, amount = CAMPAIGN_PAGE_SIZE, ...filters } = query;
      return paged('/campaigns', { ...filters, page, amount }, campaignSummarySchema);
    },
    /** GET /campaigns/{slug}; null when there is no such public campaign (404). */
    async getCampaign(slug: string): Promise<CampaignDetail | null> {
      try {
        return campaignDetailSchema.parse((await get(slugPath(slug))).data);
      } catch (error) {
        if (error instanceof CampaignsApiError && error.status === 404) return null;
        throw error;
      }
    },
    /** GET /campaigns/{slug}/messages, newest first. */
    listMessages(slug: string, page = 0, amount = DEFAULT_PAGE_SIZE): Promise<Paged<CampaignMessage>> {
      return paged(`${slugPath(slug)}/messages`, { page, amount }, campaignMessageSchema);
    },
    /** GET /campaigns/{slug}/donors, newest first; anonymous donors come with donor_name null. */
    listDonors(slug: string, page = 0, amount = DEFAULT_PAGE_SIZE): Promise<Paged<CampaignDonor>> {
      return paged(`${slugPath(slug)}/donors`, { page, amount }, campaignDonorSchema);
    },
    /** GET /categories with their campaign counts. */
    async listCategories(): Promise<Category[]> {
      return categoryListSchema.parse((await get('/categories')).data);
    },
    /** GET /tags. */
    async listTags(): Promise<Tag[]> {
      return tagListSchema.parse((await get('/tags')).data);
    },
    /** GET /stats/totals: raised (cents), donations, donors, campaigns. */
    async getPlatformTotals(): Promise<PlatformTotals> {
      return platformTotalsSchema.parse((await get('/stats/totals')).data);
    },
  };
}

export type CampaignsApi = ReturnType<typeof createCampaignsApi>;

export const campaignsApi = createCampaignsApi();
export const { listCampaigns, getCampaign, listMessages, listDonors, listCategories, listTags, getPlatformTotals } = campaignsApi;
