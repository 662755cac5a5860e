/**
 * Catalog scopes. The messages of these feature folders are compiled into their own catalog chunk
 * and load with the routes that show them (route `loader`); everything else (app, ui, shell, home,
 * contracts, and any message shared by two scopes) is in the `core` catalog that loads at start.
 * Keeps the first page's catalog small as features add text (JS budget, docs/web-app.md).
 * Used by the Vite plugin (vite.lingui-scopes.ts) and by the app; no imports on purpose.
 */
export const LAZY_SCOPES = [
  'pages',
  'admin',
  'auth',
  'profile',
  'campaigns',
  'checkout',
  'wallet',
  'notifications',
  'monthly',
  'contributions',
  'gifts',
  'security',
] as const;
export type LazyScope = (typeof LAZY_SCOPES)[number];
export type CatalogScope = 'core' | LazyScope;

/**
 * The catalog scopes a message is compiled into, from the files it appears in: `core` alone when any
 * of them loads with the app; otherwise every lazy scope that shows it (a word shared by two lazy
 * features is repeated in both chunks rather than weighing on the first page); none when only the
 * server uses it.
 */
export function scopesOfFiles(files: readonly string[]): readonly CatalogScope[] {
  const scopes = new Set<CatalogScope | 'server'>();
  for (const file of files) {
    const path = file.replace(/\\/g, '/');
    const feature = /(?:^|\/)src\/features\/([^/]+)\//.exec(path)?.[1];
    if (feature && (LAZY_SCOPES as readonly string[]).includes(feature)) scopes.add(feature as LazyScope);
    // The giving flow's contract messages: only the checkout shows them (contracts/giving-messages.ts).
    else if (/(?:^|\/)contracts\/giving-messages\.ts$/.test(path)) scopes.add('checkout');
    // The giving flows' shared pieces (the amount picker of the checkouts and /doacao-mensal): with the checkout's.
    else if (/(?:^|\/)src\/app\/giving\//.test(path)) scopes.add('checkout');
    // The address block of the profile editor and the organisation's form: with those pages, not the first one.
    else if (/(?:^|\/)src\/app\/forms\/address\//.test(path)) {
      scopes.add('profile');
      scopes.add('admin');
    }
    // The step-up dialog (a money action asks for the second factor again): loads with its first opening.
    else if (/(?:^|\/)src\/app\/dialogs\/step-up\//.test(path)) scopes.add('security');
    // The donor's home (wallet, monthly giving, notifications): shown only under /profile and /doacao-mensal.
    else if (/(?:^|\/)contracts\/donor-messages\.ts$/.test(path)) scopes.add('wallet');
    // Second factors: the sign-in's second step, the "Segurança" page and the step-up dialog (contracts/security-messages.ts).
    else if (/(?:^|\/)contracts\/security-messages\.ts$/.test(path)) {
      scopes.add('auth');
      scopes.add('security');
    }
    // A locked sign-in and the mailed sign-up link: shown only on the auth pages (contracts/auth-messages.ts).
    else if (/(?:^|\/)contracts\/auth-messages\.ts$/.test(path)) scopes.add('auth');
    // Buying gift cards: shown only on /gift-card pages (contracts/gift-card-messages.ts).
    else if (/(?:^|\/)contracts\/gift-card-messages\.ts$/.test(path)) scopes.add('gifts');
    // The admin API's messages: shown only on /admin pages (contracts/admin-messages.ts).
    else if (/(?:^|\/)contracts\/admin-messages\.ts$/.test(path)) scopes.add('admin');
    // The organisation's data and the DPO's page: shown only on /admin pages (contracts/organisation-messages.ts).
    else if (/(?:^|\/)contracts\/organisation-messages\.ts$/.test(path)) scopes.add('admin');
    else if (/(?:^|\/)server\//.test(path)) scopes.add('server');
    else scopes.add('core');
  }
  if (scopes.size === 0) return ['core'];
  if (scopes.has('core')) return ['core'];
  return [...scopes].filter((s): s is CatalogScope => s !== 'server');
}
