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

  test('cancelling an edit with changes asks first, in a dialog that traps and restores focus', async ({ page, request }) => {
    const account = await createAccount(request, newIndividual({ name: 'Clara Confirma' }));
    await signInThroughForm(page, account, '/signin?return_url=%2Fprofile');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Nome Que Não Fica');
    const cancel = page.getByRole('button', { name: 'Cancelar' });
    await cancel.click();

    const dialog = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('O que você mudou no perfil não será salvo.')).toBeVisible();
    // Tab stays inside the dialog; Escape closes it (cancel) and focus returns to the button.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Nome Que Não Fica');

    await cancel.click();
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await expect(page.getByRole('button', { name: 'Editar perfil' })).toBeVisible();
    await expect(page.getByText('Clara Confirma').first()).toBeVisible();
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
