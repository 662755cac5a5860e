import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_DONOR } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { openSharedPage, waitForShell } from './helpers/session';

// Every page of the product, as the people who can open it, on a phone and on a laptop: axe finds no
// serious or critical problem. A page added to the app goes in one of these lists, except the admin and
// gift-card pages: e2e/admin-and-gift-card-pages.spec.ts lists those from src/routes and runs axe on each
// (as the admin, and the gift-card pages as a visitor too) at 360 and 1366 px.
const CAMPAIGN = 'cozinha-solidaria-recife';

const visitorPages = [
  '/',
  '/help',
  '/about',
  '/termos',
  '/privacidade',
  '/signin',
  '/signup',
  '/reset-password',
  '/search?q=fome',
  // No campaign found: the empty state.
  '/search?q=xyzzy',
  `/${CAMPAIGN}`,
  `/${CAMPAIGN}/doadores`,
  `/${CAMPAIGN}/messages`,
  `/${CAMPAIGN}/donate?amount=50`,
  '/doacao-pix',
  '/doacao-mensal',
  '/doacao-mensal/checkout?amount=2500',
  '/doacao-mensal/cancelar?token=link-que-nao-vale',
  '/doacao-confirmacao/agradecimento',
  '/doacao-mensal/agradecimento',
  '/convite-equipe?token=convite-que-nao-existe-mais',
  '/pagina-que-nao-existe/x/y',
];

const donorPages = [
  '/profile',
  '/profile/wallet',
  '/profile/contributions',
  '/profile/cards',
  '/profile/notifications',
  `/${CAMPAIGN}/donate?amount=50`,
  '/doacao-mensal/checkout?amount=2500',
  '/gift-card/definition_corporate',
  '/gift-card/checkout-corporate',
];

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
] as const;

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await seriousViolations(page), path).toEqual([]);
}

for (const { name, viewport } of widths) {
  test.describe(`accessibility at ${viewport.width} px (${name})`, () => {
    // One page per person for the whole width, as a person browsing would have: the app's files are
    // fetched and compiled once, not once per page checked.
    const pages: Partial<Record<'visitor' | 'donor', { context: BrowserContext; page: Page }>> = {};
    test.beforeAll(async ({ browser, baseURL }) => {
      pages.visitor = await openSharedPage(browser, baseURL!, { viewport });
      pages.donor = await openSharedPage(browser, baseURL!, { viewport, as: DEMO_DONOR });
    });
    test.afterAll(async () => {
      for (const shared of Object.values(pages)) await shared.context.close();
    });

    const lists = { visitor: visitorPages, donor: donorPages };
    for (const who of ['visitor', 'donor'] as const) {
      for (const path of lists[who]) {
        test(`${who}: ${path}`, async () => {
          await expectNoSeriousViolations(pages[who]!.page, path);
        });
      }
    }
  });
}
