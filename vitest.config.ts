import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { webPlugins } from './vite.plugins';
import SlowFilesFirst from './tests/support/timing/slow-files-first';

// Tests that need a database (the API, and tests/db) leave the unit project so `npm run test:fast` needs none.
const DATABASE_TESTS = ['tests/api/**/*.test.ts', 'tests/db/**/*.test.ts'];

// Every API test file's database is a copy of one migrated template, made before the project's files run.
const DATABASE_TEMPLATE = 'tests/support/database-template.setup.ts';
// The server bundled into one file, for the tests that start it in a process of its own (crash, two nodes).
const SERVER_BUNDLE = 'tests/support/server-bundle.setup.ts';

const onPostgresToo = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Files whose subject is not the database, so one database is enough: every route fed bytes no form would
 * send (its 4xx comes before any query), the OpenAPI contract and document, the providers' side of a kill -9
 * (the database's own recovery from one is crash-recovery and refund-crash, on both), and the HTTP layer
 * (nginx in front, compression, cache headers, methods, logs, crawlers' tags, images, story HTML). With
 * PostgreSQL present they run there only (where most are also quicker); without it, on PGlite. Together
 * they were more than a quarter of the PGlite project's time in CI. The limits kept in memory and the
 * pages the server writes (the share image, the first screen, the web files) joined them later.
 */
const ONE_DATABASE_IS_ENOUGH = [
  'tests/api/fuzz-routes.test.ts',
  'tests/api/openapi-contract.test.ts',
  'tests/api/openapi.test.ts',
  'tests/api/crash-recovery-api-pix.test.ts',
  'tests/api/crash-recovery-mercadopago.test.ts',
  'tests/api/behind-nginx.test.ts',
  'tests/api/compression.test.ts',
  'tests/api/no-store.test.ts',
  'tests/api/method-not-allowed.test.ts',
  'tests/api/logging.test.ts',
  'tests/api/open-graph.test.ts',
  'tests/api/cover-renditions.test.ts',
  'tests/api/gift-card-logos.test.ts',
  'tests/api/campaign-story.test.ts',
  // Limits kept in memory (per address, per socket, the spreadsheet reader's turns) and pages the server writes.
  'tests/api/rate-limit.test.ts',
  'tests/api/realtime-limits.test.ts',
  'tests/api/recipient-sheet-turns.test.ts',
  'tests/api/share-image.test.ts',
  'tests/api/health-and-web.test.ts',
  'tests/api/first-screen.test.ts',
  // npm start's own first start: embedded PGlite in a DATA_DIR whatever TEST_DB says, so the second run repeated the first.
  'tests/api/start-server.test.ts',
];

/** Files about PGlite itself (its turns, its data folder's lock): they open it whatever TEST_DB says. */
const PGLITE_ONLY = ['tests/db/pglite-turns.test.ts', 'tests/db/data-folder-lock.test.ts', 'tests/db/pglite-statistics.test.ts'];

// The API suite runs once on embedded PGlite and, when TEST_DATABASE_URL is set (CI), again on PostgreSQL.
const apiProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'api:pglite',
      include: DATABASE_TESTS,
      exclude: [...configDefaults.exclude, ...(onPostgresToo ? ONE_DATABASE_IS_ENOUGH : [])],
      environment: 'node',
      env: { TEST_DB: 'pglite' },
      globalSetup: [DATABASE_TEMPLATE, SERVER_BUNDLE],
      // Packages (Fastify, drizzle, PGlite, the AWS SDK…) are imported once per worker, not once per file
      // (about 4 s each); our modules are still evaluated afresh for each file (tests/unit-setup.ts).
      isolate: false,
      setupFiles: ['tests/unit-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (onPostgresToo) {
  apiProjects.push({
    test: {
      name: 'api:postgres',
      // Several server processes on one database (tests/nodes) need PostgreSQL: PGlite is one process's; so
      // does what only its driver does (tests/postgres).
      include: [...DATABASE_TESTS, 'tests/nodes/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      globalSetup: [DATABASE_TEMPLATE, SERVER_BUNDLE],
      isolate: false,
      setupFiles: ['tests/unit-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({
  test: {
    // The default report, then each project's time and the slowest files (tests/support/timing).
    reporters: ['default', './tests/support/timing/vitest-timings.ts'],
    // Two cores: vitest's default leaves one idle (CPUs - 1). A third worker filled the stretches the crash
    // and two-node tests spend waiting, but its extra contention made timing-bound tests flaky.
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
    // Transformed modules are kept in node_modules/.experimental-vitest-cache between runs (the inner loop's speed).
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/contracts/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit-setup.ts'],
          isolate: false,
        },
      },
      {
        plugins: webPlugins({ routes: false }),
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          isolate: false,
          // A page rendered in jsdom takes a second alone and several beside CI's API files: 5 s timed some out.
          testTimeout: 15_000,
        },
      },
      // The first screen's bytes, from the production build (built when stale): not in test:fast.
      {
        test: {
          name: 'budget',
          include: ['tests/budget/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 600_000,
        },
      },
      ...apiProjects,
    ],
  },
});
