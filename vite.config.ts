import { defineConfig } from 'vite';
import { webPlugins } from './vite.plugins';
import { chunkModules } from './vite.chunk-modules';
import { precompress } from './vite.precompress';

export default defineConfig({
  // Build only (not in webPlugins, which the tests use): .br and .gz beside each text file of dist/.
  plugins: [...webPlugins({ routes: true }), chunkModules(), precompress()],
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
    // No preload helper: its map of every lazy chunk's dependencies weighed 1.4 KB on every first page.
    // The server preloads the entry's chunks and each landing page's route chunks from the manifest
    // (server/http/first-screen.ts); routes met later are prefetched in idle time. CSS of lazy chunks
    // still loads with them.
    modulePreload: false,
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
            // Our own small modules that the shell and every page use, and what the landing pages' loaders
            // read with: one chunk, not twenty tiny ones that each cost a round trip on a phone.
            {
              name: 'app',
              test: /[\\/](src[\\/](features[\\/]shell[\\/]shell\.css|app[\\/](toast|i18n[\\/]I18nProvider|report-error|format|page-title|auth[\\/]auth-context|navigation[\\/](return-url|guards)|dialogs[\\/](confirm|visitor-prompt))|ui[\\/](Button|Layout|FieldFrame|Select|PageHeader|use-in-view)|lib[\\/](cookies|broadcast-channel|settled|receipts|api[\\/](campaigns|inlined-answers)))|contracts[\\/](constants|routes|contributions-search|messages|first-screen|campaigns))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
