import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// e2e runs the real product (`server/start.ts`: build if stale, migrate, seed) in Debian's Chromium —
// browsers are never downloaded. Two lanes run side by side (two cores), each a server of its own on its
// own port and fresh data folder, each running its specs one at a time as a single server always did.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The second lane's specs: about half the run's time (npm test prints each spec's time). A new spec
 * goes to the first lane unless named here.
 */
const SECOND_LANE = [
  'catalog-before-paint.spec.ts',
  'phone-long-words.spec.ts',
  'gift-card-orders.spec.ts',
  'shell.spec.ts',
  'donation-checkout.spec.ts',
  'phone-thanks-notifications.spec.ts',
  'gift-card-checkout.spec.ts',
  'admin-refunds.spec.ts',
  'admin-campaign-editor.spec.ts',
  'phone-checkout.spec.ts',
  'admin-and-gift-card-pages.spec.ts',
  'mercadopago-provider.spec.ts',
  'paypal-provider.spec.ts',
  'first-screen.spec.ts',
  'legal.spec.ts',
  'admin-taxonomy.spec.ts',
  'admin-languages.spec.ts',
].map((spec) => `**/${spec}`);

/**
 * Debian's headless-only Chromium (package chromium-headless-shell, which CI installs) when present: the
 * same engine without the full browser's windowing and compositing, about a sixth less CPU over the run,
 * and the run is CPU-bound on two cores. Without it, the full browser in headless mode.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** A lane's server: its address, and its DATA_DIR (mail, secrets) for the specs that read it. */
export interface E2eServer {
  url: string;
  dataDir: string;
}

export const LANES = [0, 1].map((lane) => ({
  name: lane === 0 ? 'chromium' : `chromium-${lane + 1}`,
  port: E2E_PORT + lane,
  server: { url: `http://localhost:${E2E_PORT + lane}`, dataDir: lane === 0 ? '.tmp/e2e' : `.tmp/e2e-${lane + 1}` } satisfies E2eServer,
  specs: lane === 0 ? { testIgnore: SECOND_LANE } : { testMatch: SECOND_LANE },
}));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: LANES.length,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Two lanes, each a server on the embedded database and a browser, on two cores: on the slow machines CI
  // runs on (three times stop 59's), a request now and then took past 10 s while the other lane ran axe, and a
  // long flow (admin-team) past 60 s. Passing tests take no longer for these limits.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./tests/support/timing/playwright-timings.ts']],
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace costs about a quarter of the run's CPU (a screencast and a DOM snapshot per
    // action), so only the retry of a failed test records one: CI retries once, which keeps the trace
    // of every failure and flake; locally, `--trace on`.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: LANES.map((lane) => ({
    name: lane.name,
    // One spec at a time on a lane's server, in file order, as the specs were written for.
    workers: 1,
    ...lane.specs,
    metadata: lane.server,
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: lane.server.url },
  })),
  // Both lanes' servers, started side by side (e2e/global-setup.ts), stopped by the teardown it returns.
  globalSetup: './e2e/global-setup.ts',
});
