import type { PluginOption } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { linguiScopes } from './vite.lingui-scopes';

/** Pages nobody lands on from a campaign's link: the admin's, a signed-in donor's, and the documents' and privacy's. */
const OFF_THE_LANDING_PATH = ['/admin', '/profile', '/recibos', '/excluir-dados', '/privacidade'];

/**
 * The web app's Vite plugins, in the order docs/design.md §9 requires: the router plugin (file routes,
 * automatic code splitting) before react(); Babel only for the Lingui macro (plugin-react 6 no
 * longer runs Babel); lingui() compiles the .po catalogs and linguiScopes() serves them split by
 * feature (`messages.po?scope=core`, see src/app/i18n/scopes.ts); vanilla-extract last.
 * Tests pass `routes: false`: they build their own routers and must not regenerate the tree.
 */
export function webPlugins(opts: { routes: boolean }): PluginOption[] {
  return [
    opts.routes
      ? tanstackRouter({
          target: 'react',
          autoCodeSplitting: true,
          codeSplittingOptions: {
            // Their loaders travel with their components (one chunk, no extra round trip), so the route tree
            // every landing page loads holds only their paths and guards, not their reads.
            splitBehavior: ({ routeId }) =>
              OFF_THE_LANDING_PATH.some((area) => routeId === area || routeId.startsWith(`${area}/`))
                ? [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']]
                : undefined,
          },
          routesDirectory: './src/routes',
          generatedRouteTree: './src/routeTree.gen.ts',
          quoteStyle: 'single',
        })
      : null,
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    linguiScopes(),
    vanillaExtractPlugin(),
  ];
}
