import * as XLSX from '@e965/xlsx';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, newIndividual, signInThroughForm } from './helpers/accounts';
import { defineCompanyCard, reviewOneCard } from './helpers/gift-cards';

/**
 * Issue 47, items 4 and 5: long words on a phone. A realistic e-mail on the gift-card review and a
 * spreadsheet's refused rows keep the page as wide as the screen (360 and 390 px), every button whole,
 * and the full value still there to read.
 */

test.use({ isMobile: true, hasTouch: true });

const LONG_EMAIL = 'maria.aparecida.santos@gmail.com';

/** At 360 and 390 px the page is no wider than the screen, and `button` is wholly on it. */
async function fitsTheScreens(page: Page, button: string) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    const box = await page.getByRole('button', { name: button }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${button} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test.use({ viewport: { width: 360, height: 800 } });

test('the gift-card review with a long e-mail fits 360 and 390 px, and the e-mail is there whole', async ({ page }) => {
  await reviewOneCard(page, { reais: 50, name: 'Maria Aparecida dos Santos', email: LONG_EMAIL });
  await expect(page.getByText(LONG_EMAIL).first()).toBeVisible();
  await fitsTheScreens(page, 'Continuar para o pagamento');
});

test('a spreadsheet with three refused rows fits 360 and 390 px, "Usar 3 recebedores" whole', async ({ page, request }) => {
  const buyer = await createAccount(request, newIndividual({ name: 'Carla Dias' }));
  await signInThroughForm(page, buyer);
  await defineCompanyCard(page, 'Obrigado pelo ano! Escolha uma causa.');
  const stamp = Date.now();
  const rows = [
    ['Nome', 'E-mail'],
    ['Maria Aparecida dos Santos Oliveira', `maria.aparecida.santos.oliveira.${stamp}@empresa-exemplo.com.br`],
    ['João Pedro', `joao.pedro.${stamp}@empresa-exemplo.com.br`],
    ['Ana', `ana.${stamp}@empresa-exemplo.com.br`],
    ['', `sem.nome.da.pessoa.${stamp}@empresa-exemplo.com.br`],
    ['Repetida', `joao.pedro.${stamp}@empresa-exemplo.com.br`],
    ['Endereço inválido', 'maria.aparecida.santos.sem.arroba.empresa-exemplo.com.br'],
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Equipe');
  await page.getByLabel(/Planilha de recebedores/).setInputFiles({
    name: 'equipe-com-um-nome-de-arquivo-bem-comprido.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer),
  });
  const preview = page.getByRole('region', { name: 'Prévia da planilha' });
  await expect(preview).toContainText('3 linhas recusadas ficam de fora');
  await expect(preview.getByRole('table', { name: 'Linhas recusadas' })).toContainText(
    'maria.aparecida.santos.sem.arroba.empresa-exemplo.com.br',
  );
  await fitsTheScreens(page, 'Usar 3 recebedores');
});
