import { API_PREFIX } from './constants';

/**
 * The public reads a first page makes before it can paint, which the server answers inside the HTML
 * (src/lib/api/inlined-answers.ts takes them back): the home's lists and totals, a campaign page's campaign.
 */
export const HOME_FEATURED_QUERY = { featured: true, page: 0, amount: 3 } as const;
/** Six, so three remain when the featured ones are among the newest. */
export const HOME_RECENT_QUERY = { sort: 'recent', page: 0, amount: 6 } as const;

/** The id of the `<script type="application/json">` that carries the answers. */
export const INLINED_ANSWERS_ID = 'semear-answers';

/** An inlined GET, keyed by its URL: its status, its total (x-total-count) when a list, and its JSON body. */
export interface InlinedAnswer {
  status: number;
  total: number | null;
  body: unknown;
}

/**
 * A list read's URL exactly as the web app's campaigns API writes it (filters, then page and amount,
 * in the queries' own order), so the server's answers are found under the URL the client asks for.
 */
const withQuery = (path: string, query: Record<string, string | number | boolean>) =>
  `${API_PREFIX}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

export const homeFirstScreenReads = (): string[] => [
  withQuery('/campaigns', HOME_FEATURED_QUERY),
  withQuery('/campaigns', HOME_RECENT_QUERY),
  `${API_PREFIX}/categories`,
  `${API_PREFIX}/stats/totals`,
];

export const campaignFirstScreenReads = (slug: string): string[] => [`${API_PREFIX}/campaigns/${encodeURIComponent(slug)}`];
