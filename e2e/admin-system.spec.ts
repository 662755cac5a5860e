import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';

/**
 * The admins' Sistema page (issue 51, item 3; docs/admin.md, "Sistema"): reached from the admin menu, it shows the
 * alerts (none on a healthy demo), the queues, the backup, the payment providers and the versions, and reads them
 * again at "Atualizar".
 */
test('an admin opens Sistema from the menu and sees alerts, queues, backup, providers and versions', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/finances');
  await page.getByRole('link', { name: 'Sistema', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sistema' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: 'Alertas' })).toBeVisible();
  const queues = page.getByRole('region', { name: 'Filas' }).first();
  await expect(queues.getByRole('cell', { name: 'mail', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Backup' })).toBeVisible();
  const providers = page.getByRole('region', { name: 'Provedores de pagamento' }).first();
  await expect(providers.getByRole('cell', { name: 'sandbox', exact: true })).toBeVisible();
  await expect(page.getByText('Node.js')).toBeVisible();

  const again = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/system') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  expect((await again).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: 'Versões' })).toBeVisible();
});
