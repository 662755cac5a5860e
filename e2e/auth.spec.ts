import { expect, test } from '@playwright/test';
import { createAccount, DEMO_DONOR, newIndividual, sessionToken, signInThroughForm } from './helpers/accounts';
import { appPathOf, newestMailFile, resetPathFrom, signUpLinkTo, waitForMail } from './helpers/mailbox';

test.describe('auth', () => {
  test('a new individual signs up, opens the mailed link and ends signed in', async ({ page }) => {
    const account = newIndividual({ name: 'Joana Cadastro' });
    await page.goto('/signup');
    await page.getByLabel('Pessoa física').check();
    await page.getByLabel('Nome completo').fill(account.name);
    await page.getByLabel('CPF').fill(account.cpf);
    await expect(page.getByLabel('CPF')).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Telefone').fill(account.phone);
    await expect(page.getByLabel('Telefone')).toHaveValue('(81) 98765-4321');
    await page.getByLabel('Data de nascimento').fill('08/03/1992');
    await page.getByLabel('Senha').fill(account.password);
    await page.getByLabel(/termos de uso/).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
    expect(await sessionToken(page)).toBeFalsy();

    await page.goto(appPathOf(await signUpLinkTo(account.email)));
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionToken(page)).toBeTruthy();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText('08/03/1992')).toBeVisible();
  });

  test('sign-up shows contract errors and switches CPF for CNPJ', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('O nome é obrigatório')).toBeVisible();
    await expect(page.getByText('O CPF é obrigatório')).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toBeFocused();
    await page.getByLabel('Pessoa jurídica').check();
    await page.getByLabel('CNPJ').fill('12abc34501de35');
    await expect(page.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await expect(page.getByLabel('Data de nascimento')).toHaveCount(0);
  });

  test('the demo donor signs in and lands on the return_url', async ({ page }) => {
    await signInThroughForm(page, DEMO_DONOR, '/signin?return_url=%2Fprofile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(DEMO_DONOR.email)).toBeVisible();
    expect(await sessionToken(page)).toBeTruthy();
  });

  test('a wrong password shows the error and keeps the visitor signed out', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('E-mail').fill(DEMO_DONOR.email);
    await page.getByLabel('Senha').fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.locator('form [role="alert"]')).toHaveText('E-mail ou senha incorretos.');
    await expect(page).toHaveURL(/\/signin/);
    expect(await sessionToken(page)).toBeFalsy();
  });

  test('signing out in one tab signs the other tab out', async ({ context }) => {
    const first = await context.newPage();
    await signInThroughForm(first, DEMO_DONOR);
    const second = await context.newPage();
    await second.goto('/profile');
    await expect(second.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    // The app connects its BroadcastChannel when the browser is idle (off the critical path); an
    // idle callback queued now runs after that one, so the tab is listening once it resolves.
    await second.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));

    await first.goto('/profile');
    await first.getByRole('button', { name: 'Sair' }).click();
    await expect(first).toHaveURL(/\/$/);
    // The other tab hears it over BroadcastChannel and leaves the signed-in page by itself.
    await expect(second).toHaveURL(/\/$/);
    await expect(second.getByRole('heading', { name: 'Meu perfil' })).toHaveCount(0);
    expect(await sessionToken(second)).toBeFalsy();
  });

  test('password reset from the e-mail link to signing in with the new password', async ({ page, request }) => {
    const account = await createAccount(request);
    const since = await newestMailFile();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    // The address can change before the new page replaces the sign-in form (whose field is also "E-mail").
    await expect(page.getByRole('heading', { name: 'Esqueceu sua senha?' })).toBeVisible();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText(/Se houver uma conta com esse e-mail, enviamos um link/)).toBeVisible();

    const mail = await waitForMail(account.email, { since });
    await page.goto(resetPathFrom(mail.text));
    const newPassword = 'nova-senha-456';
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(newPassword);
    await page.getByLabel('Confirme a nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

    await signInThroughForm(page, { email: account.email, password: newPassword });
    expect(await sessionToken(page)).toBeTruthy();
    // The old password no longer works.
    await page.context().clearCookies();
    await page.goto('/signin');
    await page.reload();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.locator('form [role="alert"]')).toHaveText('E-mail ou senha incorretos.');
  });
});
