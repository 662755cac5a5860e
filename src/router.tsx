import { createRouter } from '@tanstack/react-router';
import type { AuthActor } from './app/auth/auth-context';
import { NotFound } from './features/shell/NotFound';
import { RouteError } from './features/shell/RouteError';
import { routeTree } from './routeTree.gen';

/**
 * The app router. Guards read `context.auth` (the auth actor). Link prefetch near the viewport is
 * done by the shell's ViewportPrefetcher (200 px margin; TanStack's viewport preload uses 100 px; in
 * idle time, never on data-saver or slow connections: features/shell/prefetch-gate.ts),
 * and links also preload on hover/focus ('intent').
 */
export function createAppRouter(auth: AuthActor) {
  return createRouter({
    routeTree,
    context: { auth },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 30_000,
    defaultPendingMs: 400,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
