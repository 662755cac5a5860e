import { expect, test, type Page } from '@playwright/test';
import { createAccount, newIndividual, signInThroughForm } from './helpers/accounts';

/**
 * Redeeming a gift card (issue 12): a donor opens the wallet with a card's code (as the card's e-mail
 * button does), redeems it, and a second tab sees the balance rise live; the credit is a lot that
 * keeps the card's expiry, and a wrong code is refused in the form.
 */

/** The demo seed's card to redeem (README), R$ 50,00. */
const REDEEMABLE = '0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c48';
const headerBalance = (page: Page, reais: string) =>
  page.getByRole('link', { name: new RegExp(`^Saldo R\\$\\s${reais}: abrir carteira$`) });

test('redeem a gift card into the wallet: the code from the link, the balance rising live in another tab', async ({
  page,
  context,
  request,
}) => {
  const donor = await createAccount(request, newIndividual());
  await signInThroughForm(page, donor);
  const otherTab = await context.newPage();
  await otherTab.goto('/profile/wallet');
  await expect(headerBalance(otherTab, '0,00')).toBeVisible();

  // A code that is not a card's is refused in the form, and nothing changes.
  await page.goto('/profile/wallet');
  const form = page.getByRole('form', { name: 'Resgatar gift card' });
  await form.getByLabel(/Código do gift card/).fill('12345');
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(form.getByText('Código inserido é inválido')).toBeVisible();
  await form.getByLabel(/Código do gift card/).fill('9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a');
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(form.getByRole('alert')).toContainText('Gift-card não encontrado');

  // The card's e-mail button brings the code along.
  await page.goto(`/profile/wallet?code=${REDEEMABLE}`);
  await expect(form.getByLabel(/Código do gift card/)).toHaveValue(REDEEMABLE);
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(page.getByText(/Pronto! R\$\s50,00 entraram na sua carteira/)).toBeVisible();
  await expect(headerBalance(otherTab, '50,00')).toBeVisible();
  const credits = page.getByRole('heading', { name: 'Seus créditos' }).locator('..');
  await expect(credits.getByRole('listitem').filter({ hasText: 'Gift card' })).toContainText('R$ 50,00');
  await expect(form.getByLabel(/Código do gift card/)).toHaveValue('');

  // The same code again (a retry) answers as before and credits nothing more.
  await form.getByLabel(/Código do gift card/).fill(REDEEMABLE);
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(form.getByLabel(/Código do gift card/)).toHaveValue('');
  await expect(headerBalance(page, '50,00')).toBeVisible();
  await expect(credits.getByRole('listitem').filter({ hasText: 'Gift card' })).toHaveCount(1);
});
