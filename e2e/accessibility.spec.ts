import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_DONOR } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { signInWithCookies, waitForShell } from './helpers/session';

// Every page of the product, as the people who can open it, on a phone and on a laptop: axe finds no
// serious or critical problem. A page added to the app goes in one of these lists.
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
  '/gift-card',
  '/gift-card/definition',
  '/gift-card/definition_corporate',
  '/gift-card/checkout',
  '/gift-card/checkout-corporate',
  '/gift-card/agradecimento',
  '/gift-card/resgatar',
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

const adminPages = [
  '/admin',
  '/admin/finances',
  '/admin/campaigns',
  '/admin/campaigns/new',
  `/admin/campaigns/edit?slug=${CAMPAIGN}`,
  '/admin/categories',
  '/admin/tags',
  '/admin/team',
  '/admin/donations',
  '/admin/pix-keys',
  '/admin/pix-accounts',
  '/admin/webhooks',
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
    test.use({ viewport });

    for (const path of visitorPages) {
      test(`visitor: ${path}`, async ({ page }) => {
        await expectNoSeriousViolations(page, path);
      });
    }

    for (const path of donorPages) {
      test(`donor: ${path}`, async ({ page, baseURL }) => {
        await signInWithCookies(page, baseURL!, DEMO_DONOR);
        await expectNoSeriousViolations(page, path);
      });
    }

    for (const path of adminPages) {
      test(`admin: ${path}`, async ({ page, baseURL }) => {
        await signInWithCookies(page, baseURL!, DEMO_ADMIN);
        await expectNoSeriousViolations(page, path);
      });
    }
  });
}
