import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';

/** The admins' campaign list (issue 13): every campaign with its figures; search, filters and order in the URL. */

test('an admin lists the campaigns with what each raised, filters them in the URL, and a reload keeps the filter', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/campaigns');
  const table = page.getByRole('table', { name: 'Campanhas' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(/R\$\s[\d.]+,\d{2} \/ (R\$\s[\d.]+,\d{2}|—)/);

  await page.getByLabel('Categoria').selectOption({ label: 'Alimentação' });
  await expect(page).toHaveURL(/category=alimentacao/);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Alimentação');
  await page.getByLabel('Ordem').selectOption({ label: 'Mais arrecadadas' });
  await expect(page).toHaveURL(/sort=most_raised/);
  await page.reload();
  await expect(page.getByLabel('Categoria')).toHaveValue('alimentacao');

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('cozinha');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/q=cozinha/);
  await expect(table).toContainText('Cozinha');
  await page.getByLabel('Status').selectOption({ label: 'Rascunho' });
  await expect(page.getByRole('status')).toHaveText(/^(Nenhuma campanha|1 campanha|\d+ campanhas)$/);
});
