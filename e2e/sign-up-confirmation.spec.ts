import { expect, test, type Page } from '@playwright/test';
import { createAccount, newIndividual, sessionToken, type TestAccount } from './helpers/accounts';
import { appPathOf, signUpLinkTo, waitForMailMatching } from './helpers/mailbox';

/**
 * Sign-up is confirmed by e-mail (issue 48, item 6): the page answers alike whether or not the address
 * has an account, the link creates the account and signs it in where the sign-up started, and the owner
 * of a taken address is told by mail instead.
 */

async function fillSignUp(page: Page, account: TestAccount): Promise<void> {
  await page.getByLabel('Pessoa física').check();
  await page.getByLabel('Nome completo').fill(account.name);
  await page.getByLabel('CPF').fill(account.cpf);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Telefone').fill(account.phone);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByLabel(/termos de uso/).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

/** What the page says once the form is sent, with the address taken out: it must not tell who has an account. */
async function sentScreen(page: Page, email: string): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
  return ((await page.locator('main').innerText()) ?? '').replaceAll(email, '<e-mail>');
}

test('sign up → mail → the link signs the new donor in at the page the sign-up started from', async ({ page }) => {
  const account = newIndividual({ name: 'Lia Confirmada' });
  await page.goto('/signup?return_url=%2Fprofile');
  await fillSignUp(page, account);
  await sentScreen(page, account.email);
  await expect(page.getByText(`Enviamos um e-mail para ${account.email}. Abra o link nele para ativar sua conta.`)).toBeVisible();
  expect(await sessionToken(page)).toBeFalsy();

  const link = await signUpLinkTo(account.email);
  expect(link).toMatch(/\/signup\/confirm\?token=[\w-]+&return_url=%2Fprofile$/);
  await page.goto(appPathOf(link));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  expect(await sessionToken(page)).toBeTruthy();

  // The link works once: opened again (signed out), it leads back to the sign-up.
  await page.context().clearCookies();
  await page.goto(appPathOf(link));
  await expect(page.getByText('Este link de confirmação expirou ou já foi usado. Faça o cadastro de novo.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fazer o cadastro de novo' })).toHaveAttribute('href', '/signup?return_url=%2Fprofile');
});

test('a taken address gets the same screen, nothing changes, and its owner is mailed the way in', async ({ page, request }) => {
  const owner = await createAccount(request, newIndividual({ name: 'Rita Dona' }));
  const stranger = newIndividual({ name: 'Outra Pessoa' });

  await page.goto('/signup');
  await fillSignUp(page, stranger);
  const free = await sentScreen(page, stranger.email);

  await page.goto('/signup');
  await fillSignUp(page, { ...stranger, email: owner.email, password: 'senha-do-intruso-9' });
  expect(await sentScreen(page, owner.email)).toBe(free);
  expect(await sessionToken(page)).toBeFalsy();

  const [, signInPath] = await waitForMailMatching(owner.email, /Entrar na minha conta: https?:\/\/[^/\s]+(\/signin\?email=[^\s]+)/);
  await waitForMailMatching(owner.email, /Alguém \(talvez você\) tentou criar uma conta no Semear com este e-mail/);
  await page.goto(signInPath as string);
  await expect(page.getByLabel('E-mail')).toHaveValue(owner.email);
  // The owner's password is still the one that works.
  await page.getByLabel('Senha').fill(owner.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  expect(await sessionToken(page)).toBeTruthy();
});
