import { defineConfig, devices } from '@playwright/test';

// e2e runs the real product (`server/start.ts`: build if stale, migrate, seed) on its own port and a
// fresh data folder, in Debian's Chromium — browsers are never downloaded.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = '.tmp/e2e';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx server/start.ts`,
    url: `http://localhost:${E2E_PORT}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      // The demo seed and the sandbox gateway are what the end-to-end tests drive: never production here.
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      DEMO_SEED: 'true',
      AUTH_RATE_LIMIT_MAX: '1000',
      PAYMENT_RATE_LIMIT_MAX: '1000',
      ANALYTICS_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      // The webhook tests' receiver listens on this machine.
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    },
  },
});
