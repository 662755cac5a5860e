import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { webPlugins } from './vite.plugins';

// Tests that need a database (the API, and tests/db) leave the unit project so `npm run test:fast` needs none.
const DATABASE_TESTS = ['tests/api/**/*.test.ts', 'tests/db/**/*.test.ts'];

// The API suite runs once on embedded PGlite and, when TEST_DATABASE_URL is set (CI), again on PostgreSQL.
const apiProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'api:pglite',
      include: DATABASE_TESTS,
      environment: 'node',
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  apiProjects.push({
    test: {
      name: 'api:postgres',
      // Several server processes on one database (tests/nodes) need PostgreSQL: PGlite is one process's; so
      // does what only its driver does (tests/postgres).
      include: [...DATABASE_TESTS, 'tests/nodes/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({
  test: {
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
