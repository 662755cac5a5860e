import { describe, expect, it } from 'vitest';
import { createWebRouteMatcher, loadWebRouteMatcher, readRoutePaths } from '../../server/http/web-routes';

describe("the SPA's routes as the server knows them", () => {
  it('reads every page of the generated route tree', () => {
    const match = loadWebRouteMatcher();
    for (const path of [
      '/',
      '/about',
      '/profile/wallet',
      '/profile/',
      '/admin/campaigns/new',
      '/gift-card/definition_corporate',
      '/search',
    ]) {
      expect(match(path), path).toEqual({ kind: 'static' });
    }
    for (const sub of ['', '/', '/messages', '/doadores', '/donate']) {
      expect(match(`/cozinha-solidaria-recife${sub}`), sub).toEqual({ kind: 'campaign', slug: 'cozinha-solidaria-recife' });
    }
    for (const path of ['/cozinha-solidaria-recife/outra-coisa', '/profile/nada', '/admin/campaigns/new/x', '/a/b/c/d']) {
      expect(match(path), path).toEqual({ kind: 'none' });
    }
  });

  it('prefers a static page over a campaign slug, and refuses malformed escapes', () => {
    const match = createWebRouteMatcher(
      readRoutePaths("fullPaths:\n    | '/$slug'\n    | '/about'\n    | '/$slug/donate'\n  fileRoutesByTo: X"),
    );
    expect(match('/about')).toEqual({ kind: 'static' });
    expect(match('/sobre/donate')).toEqual({ kind: 'campaign', slug: 'sobre' });
    expect(match('/%E0%A4%A')).toEqual({ kind: 'none' });
  });

  it('fails loudly when the route tree has no fullPaths', () => {
    expect(() => readRoutePaths('export const routeTree = {}')).toThrow(/fullPaths/);
  });
});
