import { expect, test } from '@playwright/test';
import { createAccount, newIndividual, sessionToken, signInThroughForm } from './helpers/accounts';

test.describe('profile', () => {
  test('editing name, phone, birth date and address persists across a reload', async ({ page, request }) => {
    // A fresh account: the demo donor stays as seeded for the other specs.
    const account = await createAccount(request, newIndividual({ name: 'Paulo Perfil' }));
    await signInThroughForm(page, account, '/signin?return_url=%2Fprofile');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByText('(81) 98765-4321')).toBeVisible();

    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Paula Perfil Editado');
    await page.getByLabel('Telefone').fill('11912345678');
    // Typed the Brazilian way whatever the browser's language.
    await page.getByLabel('Data de nascimento').fill('15041990');
    await expect(page.getByLabel('Data de nascimento')).toHaveValue('15/04/1990');
    await page.getByLabel('CEP').fill('50030230');
    await page.getByLabel('Estado').selectOption('PE');
    await page.getByLabel('Cidade').fill('Recife');
    await page.getByLabel('Bairro').fill('Boa Vista');
    await page.getByLabel('Rua').fill('Rua da Aurora');
    await page.getByLabel('Número').fill('100');
    await page.getByLabel('Complemento').fill('Apto 12');
    await page.getByLabel('País').fill('Brasil');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Perfil atualizado.')).toBeVisible();
    await expect(page.getByText('Paula Perfil Editado')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Paula Perfil Editado')).toBeVisible();
    await expect(page.getByText('(11) 91234-5678')).toBeVisible();
    await expect(page.getByText(/Rua da Aurora, 100, Apto 12/)).toBeVisible();
    await expect(page.getByText(/Recife\/PE/)).toBeVisible();
    await expect(page.getByText('15/04/1990')).toBeVisible();
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await expect(page.getByLabel('Data de nascimento')).toHaveValue('15/04/1990');
    await expect(page.getByLabel('CEP')).toHaveValue('50030-230');
    await expect(page.getByLabel('Estado')).toHaveValue('PE');
  });

  test('shows contract errors inline when the edit is invalid', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInThroughForm(page, account, '/signin?return_url=%2Fprofile');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await page.getByLabel('Telefone').fill('123');
    await page.getByLabel('CEP').fill('123');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Telefone inválido')).toBeVisible();
    await expect(page.getByText('CEP inválido')).toBeVisible();
    await expect(page.getByLabel('Telefone')).toBeFocused();
  });

  test("'Sair' signs out and /profile is closed afterwards", async ({ page, request }) => {
    const account = await createAccount(request);
    await signInThroughForm(page, account, '/signin?return_url=%2Fprofile');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionToken(page)).toBeFalsy();
    await page.goto('/profile');
    await expect(page).not.toHaveURL(/\/profile/);
  });
});
