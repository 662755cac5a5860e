import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_DONOR, signInThroughForm } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';

/**
 * The profile's "Comprovantes" (issue 50, item 2; docs/privacy.md, "Statement delivery"): each year the donor gave
 * in, its total, and the statement's PDF downloaded with the session — a file that opens (pdftotext) and names
 * the donor, the year's total and its verification code.
 */
test('a donor downloads a year’s statement from the profile’s Comprovantes', async ({ page }) => {
  await signInThroughForm(page, DEMO_DONOR);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Comprovantes' });
  const latest = section.getByRole('listitem').first();
  await expect(latest).toBeVisible();
  const year = (await latest.getAttribute('id'))?.replace('comprovantes-', '') ?? '';
  expect(year).toMatch(/^\d{4}$/);
  const total = /R\$\s?[\d.]+,\d{2}/.exec((await latest.textContent()) ?? '')?.[0] ?? '';
  expect(total).not.toBe('');
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await latest.getByRole('button', { name: `Baixar comprovante de ${year} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`semear-comprovante-${year}.pdf`);
  const text = execFileSync('pdftotext', ['-', '-'], { input: await readFile((await file.path()) as string) }).toString('utf8');
  expect(text).toContain('Davi Doador');
  expect(text.replace(/\s/g, ' ')).toContain(total.replace(/\s/g, ' '));
  expect(text).toMatch(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/);
});
