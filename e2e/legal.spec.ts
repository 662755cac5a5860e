import { expect, test } from '@playwright/test';
import { waitForShell } from './helpers/session';

// The sign-up asks to accept the terms of use and the privacy policy: both exist, in every language,
// reachable from the footer of every page and from the sign-up form itself.
const pages = [
  {
    footer: 'Termos de uso',
    path: '/termos',
    h1: { pt: 'Termos de uso', en: 'Terms of use', es: 'Términos de uso' },
    section: { pt: '3. Doações', en: '3. Donations', es: '3. Donaciones' },
  },
  {
    footer: 'Política de privacidade',
    path: '/privacidade',
    h1: { pt: 'Política de privacidade', en: 'Privacy policy', es: 'Política de privacidad' },
    section: { pt: '6. Seus direitos', en: '6. Your rights', es: '6. Tus derechos' },
  },
] as const;

for (const legal of pages) {
  test(`${legal.path}: linked in the footer, in pt, en and es`, async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await page.getByRole('contentinfo').getByRole('link', { name: legal.footer }).click();
    await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: legal.h1.pt })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: legal.section.pt })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(legal.h1.pt));
    for (const locale of ['en', 'es'] as const) {
      await page
        .getByRole('banner')
        .getByRole('combobox', { name: /^(Idioma|Language)$/ })
        .selectOption(locale);
      await expect(page.getByRole('heading', { level: 1, name: legal.h1[locale] })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: legal.section[locale] })).toBeVisible();
    }
  });
}

test('the sign-up links both texts, in another tab, and keeps what was typed', async ({ page, context }) => {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill('quem.digita@semear.test');
  const hint = page.getByText('Leia os termos de uso e a política de privacidade (abrem em outra aba).');
  for (const legal of pages) {
    const opened = context.waitForEvent('page');
    await hint.getByRole('link', { name: legal.footer.toLowerCase() }).click();
    const tab = await opened;
    await expect(tab.getByRole('heading', { level: 1, name: legal.h1.pt })).toBeVisible();
    await tab.close();
  }
  await expect(page.getByLabel('E-mail')).toHaveValue('quem.digita@semear.test');
});

test('category names follow the interface language (kept with their translations)', async ({ page }) => {
  await page.goto('/');
  await waitForShell(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Alimentação/ }).first()).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(main.getByRole('link', { name: /^Food/ }).first()).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(main.getByRole('link', { name: /^Alimentación/ }).first()).toBeVisible();
  // A reload in Spanish asks the API in Spanish (the inlined Portuguese answers are not used).
  await page.reload();
  await expect(main.getByRole('link', { name: /^Alimentación/ }).first()).toBeVisible();
});
