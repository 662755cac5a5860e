import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The production build the server serves (dist/, built from the sources before the e2e run): the
 * development-only Stately inspector is not in any of its files, and no page asks for it.
 */

const assets = join(process.cwd(), 'dist', 'assets');

test('the production bundle has no trace of the Stately inspector', async ({ page }) => {
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  const carrying = scripts.filter((file) => /statelyai|createBrowserInspector/.test(readFileSync(join(assets, file), 'utf8')));
  expect(carrying).toEqual([]);

  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/gift-card/definition_corporate');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(requested.filter((url) => /inspect/i.test(url))).toEqual([]);
});
