import type { Locale } from '../../contracts/constants';
import { catalogChunks } from './first-screen';

/**
 * The pages donors land on from a shared link, and what each needs before its first screen: the route
 * chunks (Vite manifest keys of the split route components) and the catalog scopes its loaders load.
 * The server preloads them with the HTML (plugins/web-app.ts); the first-screen budget test
 * (tests/budget) weighs the same set, so what is budgeted is what a phone downloads.
 */
export const LANDING_PAGES = {
  '/': { routes: ['src/routes/index.tsx?tsr-split=component'], scopes: [] },
  '/{slug}': {
    routes: ['src/routes/$slug/route.tsx?tsr-split=component', 'src/routes/$slug/index.tsx?tsr-split=component'],
    scopes: ['campaigns'],
  },
  '/{slug}/donate': {
    routes: ['src/routes/$slug/route.tsx?tsr-split=component', 'src/routes/$slug/donate.tsx?tsr-split=component'],
    scopes: ['campaigns', 'checkout'],
  },
} as const satisfies Record<string, { routes: readonly string[]; scopes: readonly string[] }>;

export type LandingPage = keyof typeof LANDING_PAGES;

/** The manifest keys a landing page needs beyond the entry (index.html), its catalogs in `locale`. */
export const landingChunks = (page: LandingPage, locale: Locale): string[] => [
  ...LANDING_PAGES[page].routes,
  ...catalogChunks(locale, ['core', ...LANDING_PAGES[page].scopes]),
];
