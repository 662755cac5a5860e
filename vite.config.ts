import { defineConfig } from 'vite';
import { webPlugins } from './vite.plugins';
import { precompress } from './vite.precompress';

export default defineConfig({
  // Build only (not in webPlugins, which the tests use): .br and .gz beside each text file of dist/.
  plugins: [...webPlugins({ routes: true }), precompress()],
  server: {
    port: 5173,
    // /app is the embedded Pusher-protocol WebSocket (docs/realtime.md).
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true }, '/app': { target: 'ws://localhost:3000', ws: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true }, '/app': { target: 'ws://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads each first page's route chunks from it.
    manifest: true,
    // Every browser we support preloads modules itself (Safari 17+, Chrome 66+, Firefox 115+); older ones
    // just fetch the chunks when imported. The polyfill would cost every first page 0.4 KB.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in one well-compressed chunk instead of dozens of small ones.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|@lingui[\\/](core|react))[\\/]/,
            },
            // Our own small modules that the shell and every page use: one chunk, not twenty tiny ones.
            {
              name: 'app',
              test: /[\\/](src[\\/](app[\\/](toast|report-error|format|page-title|auth[\\/]auth-context|navigation[\\/](return-url|guards)|dialogs[\\/](confirm|visitor-prompt))|ui[\\/](Button|Layout|FieldFrame|Select|PageHeader|use-in-view)|lib[\\/](cookies|broadcast-channel))|contracts[\\/](constants|routes|contributions-search|messages))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
