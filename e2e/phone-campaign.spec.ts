import { expect, test, type Page } from '@playwright/test';
import { DEMO_DONOR } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { signInWithCookies, waitForShell } from './helpers/session';

const CAMPAIGN = '/cozinha-solidaria-recife';

/** How much of the viewport the header covers (its visible part, from the top of the screen). */
const headerCover = (page: Page) => page.getByRole('banner').evaluate((header) => Math.round(header.getBoundingClientRect().bottom));

/** Nothing in the header reaches past the screen's edges, and the page does not scroll sideways. */
async function headerFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const outside = await page.getByRole('banner').evaluate((header, innerWidth) => {
    const shown = Array.from(header.querySelectorAll<HTMLElement>('*')).filter((el) => el.getClientRects().length > 0);
    return shown
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < -0.5 || r.right > innerWidth + 0.5;
      })
      .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 30)}`);
  }, width);
  expect(outside).toEqual([]);
}

test.describe('a donor on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bottom bar gives the amount chosen in the donate box, only once the box has scrolled away; the header gets shorter', async ({
    page,
  }) => {
    await page.goto(CAMPAIGN);
    await waitForShell(page);
    const box = page.getByRole('complementary', { name: 'Doar para esta campanha' });
    const bar = page.getByRole('link', { name: /^Doar R\$/ });
    const restingHeader = await headerCover(page);

    await box.getByRole('radio', { name: 'R$ 200,00' }).check();
    await box.getByRole('link', { name: 'Doar agora' }).scrollIntoViewIfNeeded();
    // The box is on screen: the bar steps aside (not shown, not in the accessibility tree, not focusable).
    await expect(bar).toBeHidden();

    await page.getByRole('heading', { level: 2, name: 'Mensagens de apoio' }).scrollIntoViewIfNeeded();
    await expect(box.getByRole('link', { name: 'Doar agora' })).not.toBeInViewport();
    await expect(bar).toBeVisible();
    await expect(bar).toHaveText('Doar R$ 200,00');
    await expect(bar).toHaveAttribute('href', `${CAMPAIGN}/donate?amount=200`);
    // One line of text: the bar covers as little of the story as it can.
    expect((await bar.boundingBox())!.height).toBeLessThan(60);
    await expect.poll(() => headerCover(page)).toBeLessThan(restingHeader);

    await box.getByRole('link', { name: 'Doar agora' }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.getByRole('heading', { level: 2, name: 'Últimos doadores' }).scrollIntoViewIfNeeded();
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`${CAMPAIGN}/donate\\?amount=200$`));
    // On a phone the checkout's summary is one line with the amount.
    await expect(page.getByRole('button', { name: /^Resumo · R\$ 200,00/ })).toBeVisible();
  });
});

for (const width of [360, 390]) {
  test.describe(`the phone header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test('signed in, it fits: nothing cut or scrolling sideways; links and language in the menu', async ({ page, baseURL }) => {
      await signInWithCookies(page, baseURL!, DEMO_DONOR);
      await page.goto(CAMPAIGN);
      await waitForShell(page);
      const banner = page.getByRole('banner');
      const balance = banner.getByRole('link', { name: /^Saldo/ });
      await expect(balance).toHaveText(/R\$\s?\d/);

      await headerFits(page, width);
      // The balance on one line: the amount is one box (an inline box that wraps gets one per line).
      const lines = await balance.evaluate((link) => {
        const amount = Array.from(link.querySelectorAll('span')).find((span) => span.textContent?.startsWith('R$'));
        return amount?.getClientRects().length;
      });
      expect(lines).toBe(1);

      const menuButton = banner.getByRole('button', { name: 'Menu', exact: true });
      await expect(banner.getByRole('link', { name: 'Sobre' })).toBeHidden();
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      // Focus goes into the menu; the language select shows its whole text.
      await expect(banner.getByRole('link', { name: 'Campanhas' })).toBeFocused();
      const language = page.getByLabel('Idioma');
      await expect(language).toBeVisible();
      expect(await language.evaluate((select) => select.scrollWidth <= select.clientWidth)).toBe(true);
      await expect(banner.getByRole('link', { name: 'Sobre' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Ajuda' })).toBeVisible();
      await headerFits(page, width);
      expect(await seriousViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(menuButton).toBeFocused();
      await expect(banner.getByRole('link', { name: 'Ajuda' })).toBeHidden();

      await menuButton.click();
      await banner.getByRole('link', { name: 'Ajuda' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Como podemos ajudar?' })).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    });

    test('fits a visitor, and a large balance shortened', async ({ page, baseURL }) => {
      await page.goto(CAMPAIGN);
      await waitForShell(page);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Cadastrar' })).toBeVisible();
      await headerFits(page, width);
      // Spanish has the longest visitor buttons ("Iniciar sesión", "Registrarse").
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByLabel('Idioma').selectOption('es');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Registrarse' })).toBeVisible();
      await headerFits(page, width);
      await page.evaluate(() => localStorage.clear());

      await page.route('**/api/v1/donors/*/wallets/balance', (route) => route.fulfill({ json: { data: 12_345_678 } }));
      await signInWithCookies(page, baseURL!, DEMO_DONOR);
      await page.goto(CAMPAIGN);
      const balance = page.getByRole('banner').getByRole('link', { name: 'Saldo R$ 123.456,78: abrir carteira' });
      await expect(balance).toHaveText(width < 480 ? /R\$ 123,4 mil/ : /R\$ 123\.456,78/);
      await expect(page.getByRole('banner').getByRole('link', { name: /^Notificações/ })).toBeVisible();
      await headerFits(page, width);
    });
  });
}
