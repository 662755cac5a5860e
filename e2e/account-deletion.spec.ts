import { expect, test } from '@playwright/test';
import { createAccount, newIndividual, signInThroughForm } from './helpers/accounts';

test.describe('deleting an account (LGPD art. 18, VI)', () => {
  test('the page says what happens, a wrong password changes nothing, the right one deletes and frees the e-mail', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newIndividual({ name: 'Rita Remoção' }));
    await signInThroughForm(page, account, '/signin?return_url=%2Fprofile');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await page.getByRole('link', { name: 'Excluir minha conta' }).click();

    await expect(page.getByRole('heading', { name: 'Excluir minha conta' })).toBeVisible();
    await expect(page.getByText(/seu nome passa a aparecer como “Doador removido”/)).toBeVisible();
    await expect(page.getByText('Sua carteira não tem crédito.')).toBeVisible();
    await expect(page.getByText(/Os vales-presente que você comprou continuam valendo/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('nao-e-a-senha');
    await page.getByRole('button', { name: 'Excluir minha conta para sempre' }).click();
    await expect(page.getByText('A senha não confere. Nada foi excluído.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Excluir minha conta para sempre' }).click();
    await expect(page.getByText('Sua conta foi excluída. Obrigado por ter semeado com a gente.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The account is gone: its password no longer signs in, and the address signs up again as a new account.
    const signIn = await request.post('/api/v1/sessions', { data: { email: account.email, password: account.password } });
    expect(signIn.status()).toBe(401);
    await createAccount(request, newIndividual({ email: account.email, name: 'Rita Nova' }));
    const again = await request.post('/api/v1/sessions', { data: { email: account.email, password: 'senha-forte-123' } });
    expect(again.status()).toBe(200);
  });
});
