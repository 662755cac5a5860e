import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './helpers/accounts';
import { signInWithCookies } from './helpers/session';

/**
 * Issue 22, item 10: the admin in English and Spanish — category names in the language on screen (the
 * demo's categories have their translations), counts through plural forms ('1 campaign'), the webhooks'
 * "all events" named as such, and the editor's save time said as the language says it.
 */

async function inLanguage(page: Page, baseURL: string, locale: 'en' | 'es') {
  await page.addInitScript((chosen) => localStorage.setItem('semear.locale', chosen), locale);
  await signInWithCookies(page, baseURL, DEMO_ADMIN);
}

// The demo has one campaign in Alimentação ('Food', 'Alimentación'), the Coque kitchen.
test('in English: category names, one campaign, all events and the save time', async ({ page, baseURL }) => {
  await inLanguage(page, baseURL!, 'en');
  await page.goto('/admin/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByLabel('Category').locator('option', { hasText: 'Food' })).toHaveCount(1);
  await page.getByLabel('Category').selectOption({ label: 'Food' });
  await expect(page.getByRole('status')).toHaveText('1 campaign');
  const table = page.getByRole('table', { name: 'Campaigns' });
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Food');

  await page.goto('/admin/categories');
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem', { name: 'Alimentação' })).toContainText('1 campaign');
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem', { name: 'Alimentação' })).not.toContainText(
    'campaigns',
  );

  await page.goto('/admin/finances?preset=this_year');
  await expect(page.getByRole('table', { name: 'Category' }).getByRole('rowheader')).toContainText(['Food']);
  await expect(page.getByRole('table', { name: 'Category' })).not.toContainText('Alimentação');

  // The webhooks: 'All events' is a choice of its own, and the list says it in words.
  await page.goto('/admin/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/payment (providers|methods)/i);
  const form = page.getByRole('form', { name: 'New webhook' });
  await expect(form.getByRole('group', { name: 'Events' })).not.toContainText('Everyone');
  await form.getByRole('checkbox', { name: 'All events' }).check();
  // Every other choice is now included, not a choice of its own.
  await expect(form.getByRole('checkbox', { name: 'donation.confirmed' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'donation.confirmed' })).toBeDisabled();
  const url = `http://127.0.0.1:9/all-${Date.now()}`;
  await form.getByLabel(/^Receiving address \(https\)/).fill(url);
  await form.getByRole('button', { name: 'Create webhook' }).click();
  const endpoint = page.getByRole('listitem', { name: url });
  await expect(endpoint).toContainText('All events · whsec_');
  await expect(endpoint).toContainText('0 delivered, 0 queued, 0 failed');
  // Taken away again, so later tests' events are not queued for an address nobody listens on.
  await endpoint.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(endpoint).toHaveCount(0);

  // The editor: saved today, so the time alone.
  await page.goto('/admin/campaigns/new');
  await page.getByLabel(/^Campaign title/).fill(`Winter coats ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.getByLabel(/^Summary/).fill('Coats for the winter.');
  await expect(page.getByTestId('save-state')).toHaveText(/^Draft saved at \d{2}:\d{2}$/, { timeout: 15_000 });
});

test('in Spanish: category names and one campaign', async ({ page, baseURL }) => {
  await inLanguage(page, baseURL!, 'es');
  await page.goto('/admin/campaigns?category=alimentacao');
  await expect(page.getByRole('status')).toHaveText('1 campaña');
  await expect(page.getByRole('table', { name: 'Campañas' }).getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Alimentación');
  await page.goto('/admin/categories');
  await expect(page.getByRole('list', { name: 'Categorías' }).getByRole('listitem', { name: 'Alimentação' })).toContainText('1 campaña');

  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Alimentación/ })).toContainText('1 campaña');
});
