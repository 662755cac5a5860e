import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The router's generated route tree (TanStack Router writes it from src/routes; committed). */
export const ROUTE_TREE_FILE = fileURLToPath(new URL('../../src/routeTree.gen.ts', import.meta.url));

/** A web-app path matched against the SPA's routes: not a route, a static route, or a campaign route with its slug. */
export type WebRouteMatch = { kind: 'none' } | { kind: 'static' } | { kind: 'campaign'; slug: string };

/**
 * The full paths of the SPA's routes as the router generated them ('/', '/profile/wallet', '/$slug/donate'...),
 * read from the `fullPaths` union of the route tree, so the server never keeps a second list of pages.
 */
export function readRoutePaths(source: string): string[] {
  const block = /fullPaths:\s*([\s\S]*?)\n\s*fileRoutesByTo/.exec(source)?.[1];
  if (!block) throw new Error('No fullPaths union in the route tree: has the router plugin changed its output?');
  return [...block.matchAll(/'([^']*)'/g)].map((match) => match[1] as string);
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * Matches request paths to the SPA's routes, as the client router would: a static segment before a
 * `$param` one (/about is a page, not a campaign). Trailing slashes do not matter.
 */
export function createWebRouteMatcher(routePaths: readonly string[]): (path: string) => WebRouteMatch {
  const patterns = routePaths.map(segmentsOf);
  // Fewer parameters first, so a static route wins over a `$slug` one of the same length.
  const ordered = [...patterns].sort((a, b) => a.filter((s) => s.startsWith('$')).length - b.filter((s) => s.startsWith('$')).length);
  return (path) => {
    let segments: string[];
    try {
      segments = segmentsOf(path).map(decodeURIComponent);
    } catch {
      return { kind: 'none' };
    }
    for (const pattern of ordered) {
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = pattern.every((part, index) => {
        const segment = segments[index] as string;
        if (part.startsWith('$')) {
          params[part.slice(1)] = segment;
          return true;
        }
        return part === segment;
      });
      if (!matches) continue;
      return params.slug === undefined ? { kind: 'static' } : { kind: 'campaign', slug: params.slug };
    }
    return { kind: 'none' };
  };
}

/** The matcher of the SPA's routes as generated in src/routeTree.gen.ts. */
export const loadWebRouteMatcher = (file: string = ROUTE_TREE_FILE) => createWebRouteMatcher(readRoutePaths(readFileSync(file, 'utf8')));
