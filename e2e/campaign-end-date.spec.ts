import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';
import { fillPublishable, newCampaign, saved } from './helpers/campaign-editor';
import { field } from './helpers/checkout';

/**
 * Issue 22, item 7: the last day to give is the day the admin chose, wherever it is shown — the preview,
 * the public page and the admins' list — though the campaign takes donations until that day's 24:00 in
 * São Paulo (the stored end is the next day's 00:00).
 */

test('a campaign whose last day is 31/03/2027 shows 31/03/2027 in the preview, on its page and in the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, DEMO_ADMIN);
  const title = `Agasalho de outono ${Date.now().toString(36)}`;
  const slug = await newCampaign(page, title);
  await fillPublishable(page, { summary: 'Cobertores para quem dorme na rua.', category: 'Emergências', organiser: 'Coletivo Outono' });
  await field(page, 'Último dia para doar').fill('31/03/2027');
  await saved(page);

  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const phone = page.frameLocator('iframe[title="No celular"]');
  await expect(phone.getByText(/Organizado por Coletivo Outono/)).toHaveText('Organizado por Coletivo Outono · até 31/03/2027', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Fechar' }).click();

  await page.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(page.getByText('Situação: Publicada')).toBeVisible();
  // The editor reads the day back as it was typed.
  await page.reload();
  await expect(field(page, 'Último dia para doar')).toHaveValue('31/03/2027');

  await page.goto(`/${slug}`);
  await expect(page.getByText(/Organizado por Coletivo Outono/)).toHaveText('Organizado por Coletivo Outono · até 31/03/2027');

  await page.goto(`/admin/campaigns?q=${encodeURIComponent(title)}`);
  const table = page.getByRole('table', { name: 'Campanhas' });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(table.getByRole('columnheader').last()).toHaveText('Termina');
  await expect(row.getByRole('cell').last()).toHaveText('31/03/2027');
});
