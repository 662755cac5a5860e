import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { openSharedPage, waitForShell } from './helpers/session';

/**
 * Every admin page and every gift-card page, listed from src/routes (a page added there is checked
 * without touching this file), at 360 and 1366 px: the page is never wider than the screen
 * (document scrollWidth <= innerWidth: wide tables scroll in their own box) and axe finds nothing
 * serious or critical. The admin pages as the demo admin; the gift-card pages as the admin and as a
 * visitor. One signed-in context and one visitor's for the whole file, so it stays quick.
 */

const CAMPAIGN = 'cozinha-solidaria-recife';
// Pages that need a query to show anything but their empty state.
const QUERIES: Record<string, string> = { '/admin/campaigns/edit': `?slug=${CAMPAIGN}` };

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? routeFiles(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

/** The pages under a folder of src/routes, by their createFileRoute path: layouts and redirects left out. */
function pagesUnder(folder: string): string[] {
  return routeFiles(join('src/routes', folder))
    .map((file) => readFileSync(file, 'utf8'))
    .filter((source) => /component:/.test(source))
    .map((source) => /createFileRoute\('([^']+)'\)/.exec(source)?.[1])
    .filter((path): path is string => path !== undefined && !(path === `/${folder}`))
    .map((path) => (path.endsWith('/') && path !== '/' ? path.slice(0, -1) : path))
    .map((path) => `${path}${QUERIES[path] ?? ''}`)
    .sort();
}

const ADMIN_PAGES = pagesUnder('admin');
const GIFT_CARD_PAGES = pagesUnder('gift-card');
// Every phone below the first breakpoint (480 px, src/ui) gets one layout: the narrowest is the test of it.
const WIDTHS = [360, 1366] as const;

test('the lists are read from src/routes', () => {
  expect(ADMIN_PAGES).toEqual(expect.arrayContaining(['/admin/finances', `/admin/campaigns/edit?slug=${CAMPAIGN}`, '/admin/webhooks']));
  expect(ADMIN_PAGES.length).toBeGreaterThanOrEqual(11);
  expect(GIFT_CARD_PAGES).toEqual(expect.arrayContaining(['/gift-card', '/gift-card/definition', '/gift-card/resgatar']));
  expect(GIFT_CARD_PAGES.length).toBeGreaterThanOrEqual(7);
});

/** What is wrong with the page at `path` as it stands: wider than the screen, no title, or axe's findings. */
async function problemsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await waitForShell(page);
  const title = page.getByRole('heading', { level: 1 }).first();
  await expect(title, path).toBeVisible();
  const problems: string[] = [];
  if (!(await title.innerText()).trim()) problems.push(`${path}: empty title`);
  const axe = await seriousViolations(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth > innerWidth) problems.push(`${path}: ${scrollWidth} px wide on a ${innerWidth} px screen`);
  return [...problems, ...axe.map((v) => `${path}: ${v}`)];
}

test.describe('every admin and gift-card page fits the screen and passes axe', () => {
  let admin: { context: BrowserContext; page: Page };
  let visitor: { context: BrowserContext; page: Page };

  test.beforeAll(async ({ browser, baseURL }) => {
    admin = await openSharedPage(browser, baseURL!, { as: DEMO_ADMIN });
    visitor = await openSharedPage(browser, baseURL!);
  });
  test.afterAll(async () => {
    await admin.context.close();
    await visitor.context.close();
  });

  // Issue 22, item 11: at 390 px these pages were 605 to 860 px wide.
  test('390 px: campaigns, team, finances, donations and the editor fit; the lists scroll sideways in their own box', async () => {
    // Seven admin pages, each until the network is quiet: 48 s on a slow machine, past the default 60 s on a slower one.
    test.setTimeout(120_000);
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of [
      '/admin/campaigns',
      '/admin/team',
      '/admin/finances',
      '/admin/donations',
      `/admin/campaigns/edit?slug=${CAMPAIGN}`,
    ]) {
      await page.goto(path);
      await waitForShell(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(390);
    }
    for (const [path, list, row] of [
      ['/admin/campaigns', 'Campanhas', 'Cozinha'],
      ['/admin/donations', 'Doações', 'R$'],
    ] as const) {
      await page.goto(path);
      const box = page.getByRole('region', { name: list });
      await expect(box).toContainText(row);
      const sizes = await box.evaluate((el) => ({ content: el.scrollWidth, shown: el.clientWidth }));
      expect(sizes.content, `${list}: the table is wider than the phone`).toBeGreaterThan(sizes.shown);
      await box.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft), { message: `${list} scrolls by keyboard` }).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    }
  });

  const visits = [
    ...ADMIN_PAGES.map((path) => ({ who: 'admin', path }) as const),
    ...GIFT_CARD_PAGES.flatMap((path) => [{ who: 'admin', path } as const, { who: 'visitor', path } as const]),
  ];
  for (const width of WIDTHS) {
    for (const { who, path } of visits) {
      test(`${width} px, ${who}: ${path}`, async () => {
        const { page } = who === 'admin' ? admin : visitor;
        await page.setViewportSize({ width, height: 800 });
        expect(await problemsOf(page, path)).toEqual([]);
      });
    }
  }
});
