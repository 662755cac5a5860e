import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../../contracts/constants';
import { htmlLang } from './locale';
import { LAZY_SCOPES, type CatalogScope } from './scopes';

/**
 * Catalogs are split by scope (./scopes.ts): `core` loads with the app, the others with the routes
 * that show their features (`loadCatalogScope` in a route loader). Each locale × scope is its own chunk.
 */
type Loaders = Record<string, () => Promise<Messages>>;
const loaders: Record<CatalogScope, Loaders> = {
  core: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'core' }, import: 'messages' }),
  pages: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'pages' }, import: 'messages' }),
  admin: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'admin' }, import: 'messages' }),
  auth: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'auth' }, import: 'messages' }),
  profile: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'profile' }, import: 'messages' }),
  campaigns: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'campaigns' }, import: 'messages' }),
  checkout: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'checkout' }, import: 'messages' }),
  wallet: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'wallet' }, import: 'messages' }),
  notifications: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'notifications' }, import: 'messages' }),
  monthly: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'monthly' }, import: 'messages' }),
  contributions: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'contributions' }, import: 'messages' }),
  gifts: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'gifts' }, import: 'messages' }),
  security: import.meta.glob<Messages>('../../../locales/*/messages.po', { query: { scope: 'security' }, import: 'messages' }),
};

function loadScope(locale: Locale, scope: CatalogScope): Promise<Messages> {
  const load = loaders[scope][`../../../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No ${scope} catalog for ${locale}`);
  return load();
}

/** Scopes the app has needed so far (a language switch loads all of them), and their loaded language. */
const wanted = new Set<CatalogScope>(['core']);
const loadedFor = new Map<CatalogScope, Locale>();
// Views rendered alone in tests have no route loader to bring their scope: load every scope there.
if (import.meta.env.MODE === 'test') LAZY_SCOPES.forEach((scope) => wanted.add(scope));

/** Loads a locale's catalogs (core and every scope needed so far) and makes it active. */
export async function activateLocale(locale: Locale): Promise<void> {
  const scopes = [...wanted];
  const parts = await Promise.all(scopes.map((scope) => loadScope(locale, scope)));
  i18n.load(locale, Object.assign({}, ...parts) as Messages);
  scopes.forEach((scope) => loadedFor.set(scope, locale));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
}

/** Makes sure a scope's messages are loaded for the active language (call it in route loaders). */
export async function loadCatalogScope(scope: CatalogScope): Promise<void> {
  const locale = i18n.locale as Locale;
  if (loadedFor.get(scope) === locale) return;
  // Added before the await: a language switch meanwhile loads this scope for the new language too.
  wanted.add(scope);
  const messages = await loadScope(locale, scope);
  i18n.load(locale, messages);
  loadedFor.set(scope, locale);
}

export { i18n };
