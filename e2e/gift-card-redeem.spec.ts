import { expect, test, type Page } from '@playwright/test';
import { createAccount, newIndividual } from './helpers/accounts';

/**
 * Redeeming a gift card (issue 12): a visitor opens the card's link, is offered to sign in and comes
 * back to it, keeps the card in the wallet, and a second tab sees the balance rise live; the credit
 * is a lot that keeps the card's expiry; the wallet's own form refuses wrong codes.
 */

/** The demo seed's card to redeem (README), R$ 50,00. */
const REDEEMABLE = '0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c48';
const headerBalance = (page: Page, reais: string) =>
  page.getByRole('link', { name: new RegExp(`^Saldo R\\$\\s${reais}: abrir carteira$`) });

test("a visitor opens the card's link, signs in from the prompt, keeps it in the wallet, and the balance rises live", async ({
  page,
  context,
  request,
}) => {
  const donor = await createAccount(request, newIndividual());

  await page.goto(`/gift-card/resgatar?code=${REDEEMABLE.toUpperCase()}`);
  await expect(page.getByText('R$ 50,00', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Válido até \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar na minha carteira' }).click();
  const prompt = page.getByRole('dialog');
  await expect(prompt).toContainText('Entre ou crie sua conta para guardar o valor deste gift card na sua carteira.');
  await prompt.getByRole('button', { name: 'Entrar agora' }).click();
  await expect(page).toHaveURL(/\/signin\?return_url=/);
  await page.getByLabel('E-mail').fill(donor.email);
  await page.getByLabel('Senha').fill(donor.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/gift-card/resgatar\\?code=${REDEEMABLE}`));

  const walletTab = await context.newPage();
  await walletTab.goto('/profile/wallet');
  await expect(headerBalance(walletTab, '0,00')).toBeVisible();

  await page.getByRole('button', { name: 'Guardar na minha carteira' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto!' })).toContainText(/R\$\s50,00 estão na sua carteira, para doar até/);
  await expect(headerBalance(walletTab, '50,00')).toBeVisible();
  const credits = walletTab.getByRole('heading', { name: 'Seus créditos' }).locator('..');
  await expect(credits.getByRole('listitem').filter({ hasText: 'Gift card' })).toContainText('R$ 50,00');

  // The wallet's own form: a code that is not one, and one no card has.
  const form = walletTab.getByRole('form', { name: 'Resgatar gift card' });
  await form.getByLabel(/Código do gift card/).fill('12345');
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(form.getByText('Código inserido é inválido')).toBeVisible();
  await form.getByLabel(/Código do gift card/).fill('9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a');
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(form.getByRole('alert')).toContainText('Gift-card não encontrado');
  await expect(headerBalance(walletTab, '50,00')).toBeVisible();

  // The same card's code again (issue 47, item 7): not "Pronto!" a second time, but that it was redeemed, and when.
  await form.getByLabel(/Código do gift card/).fill(REDEEMABLE);
  await form.getByRole('button', { name: 'Resgatar' }).click();
  await expect(
    walletTab.getByText(/^Você já resgatou este cartão em \d{2}\/\d{2}\/\d{4}: os R\$\s50,00 dele já estão na sua carteira/),
  ).toBeVisible();
  await expect(walletTab.getByText(/Pronto! R\$\s50,00 entraram/)).toHaveCount(0);
  await expect(headerBalance(walletTab, '50,00')).toBeVisible();
});
