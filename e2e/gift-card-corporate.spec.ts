import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { createAccount, newIndividual, signInThroughForm } from './helpers/accounts';
import { field, fillAddress, fillCard } from './helpers/checkout';
import { defineCompanyCard, fillCompanyContact } from './helpers/gift-cards';

/**
 * A company buys gift cards for its staff (issue 12): an xlsx of 120 people read in the browser, its
 * two refused rows shown by line (and downloadable) and left out, the company's logo, paid by card in
 * the shared checkout as the company; the batch page follows the issuing, then shows where the cards
 * and the money stand, and the codes download as a CSV.
 */

/** 120 people; line 5 has no name and line 9 repeats line 2's e-mail. */
function staffSheet(): Buffer {
  const stamp = Date.now();
  const rows: unknown[][] = [
    ['Nome', 'E-mail'],
    ...Array.from({ length: 120 }, (_, i) => [`Pessoa ${i + 1} da Silva`, `pessoa${i + 1}-${stamp}@acme.com.br`]),
  ];
  rows[4] = ['', `sem-nome-${stamp}@acme.com.br`];
  rows[8] = ['Pessoa repetida', rows[1]?.[1]];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Equipe');
  return Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

test('a company uploads 120 recipients (two refused by line), adds its logo and pays by card; the batch page shows progress, then the counts, and the codes download', async ({
  page,
  request,
}) => {
  test.slow();
  const buyer = await createAccount(request, newIndividual({ name: 'Carla Dias' }));
  await signInThroughForm(page, buyer);

  await defineCompanyCard(page, 'Obrigado pelo ano! Escolha uma causa.');

  await page.getByLabel(/Planilha de recebedores/).setInputFiles({
    name: 'equipe.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: staffSheet(),
  });
  const preview = page.getByRole('region', { name: 'Prévia da planilha' });
  await expect(preview).toContainText('equipe.xlsx: 118 recebedores prontos.');
  await expect(preview).toContainText('2 linhas recusadas ficam de fora');
  const refused = preview.getByRole('table', { name: 'Linhas recusadas' });
  await expect(refused.getByRole('row', { name: /^5 / })).toContainText('O nome é obrigatório');
  await expect(refused.getByRole('row', { name: /^9 / })).toContainText('E-mail repetido na planilha');
  const rejectedDownload = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Baixar as linhas recusadas (csv)' }).click();
  const rejected = (await readFile((await (await rejectedDownload).path()) as string, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rejected[0]).toBe('Linha;Nome;E-mail;Problema');
  expect(rejected.slice(1).map((line) => line.split(';')[0])).toEqual(['5', '9']);
  await preview.getByRole('button', { name: 'Usar 118 recebedores' }).click();

  await expect(page.getByRole('heading', { name: '3. Envio' })).toBeVisible();
  await expect(page.getByLabel('Em PDF para eu imprimir e entregar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: '4. Logo da empresa' })).toBeVisible();
  const logo = await sharp({ create: { width: 1900, height: 900, channels: 3, background: '#1F8A5B' } })
    .png()
    .toBuffer();
  await page.getByLabel(/Logo \(opcional\)/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'Logo da empresa' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('118 × R$ 50,00, modelo Gratidão')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();

  await expect(page).toHaveURL(/\/gift-card\/checkout-corporate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento do pedido corporativo' })).toBeVisible();
  await expect(page.getByText('O pedido é feito em nome da empresa, com o CNPJ dela.')).toBeVisible();
  await fillCompanyContact(page);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Continuar' }).click();
  if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
  await page.getByRole('button', { name: 'Pagar R$ 5.900,00' }).click();

  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=corporate&order=/, { timeout: 30_000 });
  // While the job issues the batch the page counts it; once issued, where every card and real stands.
  const stats = page.getByRole('table', { name: 'Onde estão os cartões e o valor' });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Emitindo os cartões: \d+ de 118/ })
      .or(stats),
  ).toBeVisible({ timeout: 30_000 });
  await expect(stats).toBeVisible({ timeout: 30_000 });
  await expect(stats.getByRole('row', { name: /^Emitidos/ })).toContainText('118');
  await expect(stats.getByRole('row', { name: /^Emitidos/ })).toContainText('R$ 5.900,00');
  await expect(stats.getByRole('row', { name: /^Ainda nos cartões/ })).toContainText('R$ 5.900,00');
  await expect(page.locator('code')).toHaveCount(118);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar os códigos (CSV)' }).click();
  const lines = (await readFile((await (await csvDownload).path()) as string, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(119);
  expect(lines[0]).toBe('Nº;Código;Valor;Válido até;Recebedor;Link para usar');
});
