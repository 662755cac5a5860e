import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';

/**
 * The organisation's legal data and the DPO's page (issue 50, items 1 and 6; docs/privacy.md): the admin corrects the
 * DPO's contact, a wrong CNPJ check digit is refused in place, the privacy policy shows what was saved, and the DPO's
 * page lists the requests with the retention rules. Only the DPO's contact changes: other specs print the demo NGO.
 */
test('an admin saves the DPO contact; the privacy policy shows it, and the DPO page lists requests and retention', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/organization');
  const form = page.getByRole('form', { name: 'Dados da organização' });
  const cnpj = form.getByLabel(/^CNPJ/);
  // The demo NGO, with its alphanumeric CNPJ shown under its mask.
  await expect(cnpj).toHaveValue('SM.3A4.R2B/0001-46');
  await expect(form.getByLabel(/^Razão social/)).toHaveValue('Associação Semear de Apoio Comunitário');

  await cnpj.fill('SM3A4R2B000147');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('CNPJ inválido')).toBeVisible();

  const contact = `Encarregada: Marina Costa Lima\ndpo-${Date.now()}@semear.org.br`;
  await cnpj.fill('sm3a4r2b000146');
  await form.getByLabel(/^Contato do encarregado/).fill(contact);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/organization') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);
  // The toast (react-toastify's toasts are alerts); the form's own alert would say a refusal.
  await expect(page.getByRole('alert').filter({ hasText: 'Dados da organização salvos.' })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  await page.goto('/privacidade');
  const dpo = page.getByRole('region', { name: 'Encarregado de proteção de dados (DPO)' });
  await expect(dpo).toContainText('Controladora: Associação Semear de Apoio Comunitário, CNPJ SM.3A4.R2B/0001-46.');
  await expect(dpo).toContainText(contact.split('\n')[1] as string);

  await page.goto('/admin/privacy');
  await expect(page.getByRole('heading', { level: 2, name: 'Pedidos dos titulares' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Por quanto tempo guardamos cada dado' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /Cópia dos dados pedida pelo titular/ })).toBeVisible();
});
