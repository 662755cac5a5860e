import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO_DONOR } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';

// A donor's statement carries a verification code; anyone opening /recibos/{code} learns the document is genuine
// (NGO, kind, year, total, date) and nothing of whom it names (issue 50, docs/privacy.md).
test('a downloaded statement’s code is confirmed at /recibos/{code}, without the donor’s name', async ({ page, request }) => {
  const signedIn = await request.post('/api/v1/sessions', { data: DEMO_DONOR });
  expect(signedIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signedIn.json()).token}` };
  const years = (await (await request.get('/api/v1/users/profile/statements', { headers })).json()) as Array<{
    year: number;
    total: number;
  }>;
  const latest = years[0];
  expect(latest, 'the demo donor has a year with gifts').toBeDefined();
  const pdf = await request.get(`/api/v1/users/profile/statements/${latest!.year}.pdf`, { headers });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The file opens: poppler's pdftotext reads it.
  const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() }).toString('utf8');
  const code = /([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(text)?.[1];
  expect(code, text).toBeDefined();

  await page.goto(`/recibos/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verificação de documento' })).toBeVisible();
  await expect(page.getByText('Este documento é autêntico: foi emitido pelo Semear.')).toBeVisible();
  await expect(page.getByText(code!, { exact: true })).toBeVisible();
  await expect(page.getByText(String(latest!.year), { exact: true })).toBeVisible();
  await expect(page.getByText('Davi Doador')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/recibos/AAAA-BBBB-CCCC');
  await expect(page.getByRole('alert')).toContainText('Nenhum documento emitido tem este código.');
});
