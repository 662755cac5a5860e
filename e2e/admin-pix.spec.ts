import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';

/** PIX keys (issue 14): an admin asks for the general fund's new key; approving it takes someone else. */

test('an admin asks for a new PIX key; it waits for a second admin, not the one who asked', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/pix-keys');
  const form = page.getByRole('form', { name: 'Nova chave PIX' });
  await form.getByLabel('Tipo da chave').selectOption({ label: 'CPF' });
  await form.getByLabel(/^Chave/).fill('123.456.789-00');
  await form.getByRole('button', { name: 'Pedir a troca da chave' }).click();
  await expect(page.getByRole('alert')).toContainText('Esta chave não é válida para o tipo escolhido');

  const key = `doacoes+${Date.now()}@semear.org`;
  await form.getByLabel('Tipo da chave').selectOption({ label: 'E-mail' });
  await form.getByLabel(/^Chave/).fill(key);
  await form.getByRole('button', { name: 'Pedir a troca da chave' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pedido registrado' })).toHaveText(
    'Pedido registrado. Ele espera a aprovação de outra pessoa da equipe (quem pede não aprova): até lá, nada muda.',
  );
  const item = page.getByRole('list', { name: 'Chaves PIX' }).getByRole('listitem').filter({ hasText: key });
  await expect(item).toContainText('esperando aprovação');
  // The one who asked is not offered to decide it (e2e/admin-refunds.spec.ts has the second admin approve).
  await expect(item.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await expect(item).toContainText('Você pediu esta mudança: outra pessoa da equipe precisa aprová-la.');
});

test("the payout account's bank is found among the 513 by code or by name", async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/pix-accounts');
  const form = page.getByRole('form', { name: 'Nova conta para os repasses' });
  const search = form.getByRole('searchbox', { name: 'Buscar o banco (código ou nome)' });
  const bank = form.getByRole('combobox', { name: 'Banco' });
  await expect(form.getByRole('status')).toHaveText('513 bancos');

  await search.fill('nubank');
  await expect(form.getByRole('status')).toHaveText('1 banco');
  await expect(bank).toHaveValue('260');
  await expect(bank.locator('option:checked')).toHaveText('260 · Nu Pagamentos (Nubank)');

  await search.fill('341');
  await expect(bank).toHaveValue('341');
  await expect(bank.locator('option:checked')).toHaveText('341 · Itaú Unibanco');
  // Enter in the search does not send the form.
  await search.press('Enter');
  await expect(page.getByText('Pedido registrado')).toHaveCount(0);

  await search.fill('banco que não existe');
  await expect(form.getByRole('status')).toHaveText('Nenhum banco com esse código ou nome');
  await expect(bank).toHaveValue('341');
  await search.fill('');
  await bank.selectOption('237');
  await expect(bank.locator('option:checked')).toHaveText('237 · Bradesco');
});
