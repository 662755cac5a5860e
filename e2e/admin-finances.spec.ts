import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';

/**
 * The finances page (issue 14): an admin with the finance permissions sees this month's figures with
 * their change and the chart, switches period, and downloads the CSV (prepared in the background, downloadable
 * again after a reload), whose columns add up to the figures.
 */

const cents = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100;

test('an admin sees the period in figures and a chart, and the CSV adds up to them', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/finances');
  await expect(page.getByRole('heading', { level: 1, name: 'Finanças' })).toBeVisible();
  const gross = page.getByTestId('figure-gross');
  await expect(gross).toHaveText(/R\$/);
  await expect(page.getByRole('group', { name: 'Bruto arrecadado' })).toContainText('em relação ao período anterior');
  await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Meio' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Períodos' }).getByRole('link', { name: 'Este ano' }).click();
  await expect(page).toHaveURL(/preset=this_year/);
  const yearGross = cents((await gross.textContent()) ?? '');
  const net = cents((await page.getByTestId('figure-net').textContent()) ?? '');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^semear-financas-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFData;Tipo;')).toBe(true);
  const rows = text
    .slice(1)
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));
  const column = (index: number) =>
    Math.round(rows.reduce((sum, cells) => sum + Number((cells.at(index) as string).replace(',', '.')) * 100, 0));
  expect(column(-4)).toBe(yearGross);
  expect(column(-1)).toBe(net);

  // Prepared on the server, it stays downloadable for a day: after a reload too.
  const ready = page.getByRole('status').filter({ hasText: /pronto \([\d.]+ linhas?\)\. Disponível até/ });
  await expect(ready).toBeVisible();
  await page.reload();
  await expect(ready).toBeVisible();
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar de novo' }).click();
  expect(await readFile((await (await again).path()) as string, 'utf8')).toBe(text);
});
