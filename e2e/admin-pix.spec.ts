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
