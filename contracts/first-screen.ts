import type { MessageDescriptor } from './messages';
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

/**
 * The interface's language, mirrored from localStorage into a cookie so the server can write a landing
 * page's first screen in it (server/http/first-screen-markup.ts). Not a preference of its own.
 */
export const LOCALE_COOKIE = 'semear.locale';

/**
 * Stable class names of what the server paints before any script runs on `/` and `/{slug}`: the page's
 * largest element (the home's lead, a campaign's cover) with the boxes that size it. The style sheets
 * give each the very rules of the React component's own class (src/ui/layout.css.ts,
 * src/features/home/home.css.ts, src/features/campaigns/campaigns.css.ts), so when React takes over the
 * largest paint keeps its size and the first screen does not move.
 */
export const FIRST_SCREEN_CLASSES = {
  header: 'fs-header',
  container: 'fs-container',
  hero: 'fs-hero',
  heroTitle: 'fs-hero-title',
  heroLead: 'fs-hero-lead',
  heroActions: 'fs-hero-actions',
  largeButton: 'fs-large-button',
  heroArt: 'fs-hero-art',
  campaignLayout: 'fs-campaign-layout',
  campaignHeader: 'fs-campaign-header',
  cover: 'fs-cover',
} as const;

/** The home's hero, which the server writes into the HTML in the visitor's language and the page renders. */
export const homeHeroMessages = {
  title: /*i18n*/ { id: 'home.hero.title', message: 'Doe em um minuto. Veja o que a sua doação fez.' },
  lead: /*i18n*/ {
    id: 'home.hero.lead',
    message:
      'A Semear liga você a campanhas de todo o Brasil: cozinhas comunitárias, escolas, abrigos e famílias que precisam de ajuda agora. Doe uma vez, todo mês ou dê um gift card de presente.',
  },
} satisfies Record<string, MessageDescriptor>;
