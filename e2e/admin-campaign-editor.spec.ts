import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, randomCpf, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { newCampaign, png, saved } from './helpers/campaign-editor';
import { field, fillAddress, fillCard } from './helpers/checkout';

/**
 * The campaign editor (issue 13, "Must show"): an admin writes a campaign (a story with a link and a
 * picture, a cover cropped around its focal point), previews it, publishes it, a donor gives, the admin
 * renames its address and the old link still works; a second admin's save meanwhile shows the 409 choice;
 * leaving with unsaved changes asks first.
 */

async function secondAdmin(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInThroughForm(page, DEMO_ADMIN);
  return page;
}

test('an admin writes, previews and publishes a campaign; a donor gives; a renamed address keeps its old link', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, DEMO_ADMIN);
  const stamp = Date.now().toString(36);
  const slug = await newCampaign(page, `Biblioteca viva ${stamp}`);
  expect(slug).toBe(`biblioteca-viva-${stamp}`);

  await field(page, 'Resumo').fill('Livros e leitura para 300 crianças do bairro.');
  await page.getByLabel('Categoria').selectOption({ label: 'Educação' });
  // The story: a heading, a link and a picture, through the editor's toolbar.
  const story = page.getByRole('textbox', { name: 'História da campanha' });
  await story.click();
  await page.getByRole('button', { name: 'Título de seção' }).click();
  await page.keyboard.type('Por que ler muda tudo');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Veja o relatório');
  await page.keyboard.down('Shift');
  for (let i = 0; i < 'relatório'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.up('Shift');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Endereço do link').fill('https://exemplo.org/relatorio');
  await page.getByRole('button', { name: 'Aplicar link' }).click();
  await story.press('End');
  await page
    .getByRole('toolbar', { name: 'Formatação da história' })
    .locator('input[type=file]')
    .setInputFiles({
      name: 'leitura.png',
      mimeType: 'image/png',
      buffer: await png(800, 500, '#f2a33a'),
    });
  await expect(story.locator('img[src^="/img/story-images/"]')).toBeVisible();
  await expect(story.getByRole('link', { name: 'relatório' })).toHaveAttribute('href', 'https://exemplo.org/relatorio');

  // The cover: a 4:3 picture cropped to 16:9 around the point clicked near its bottom.
  await page
    .getByLabel('Escolher a capa')
    .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: await png(1600, 1200, '#1f8a5b') });
  const picker = page.getByRole('button', { name: 'Ponto de foco da capa' });
  const box = await picker.boundingBox();
  await picker.click({ position: { x: (box?.width ?? 100) / 2, y: (box?.height ?? 100) * 0.9 } });
  await expect(page.getByTestId('cover-crop')).toHaveCSS('object-position', '50% 100%');
  await page.getByRole('button', { name: 'Usar esta capa' }).click();
  await expect(page.getByRole('img', { name: 'Capa atual' })).toHaveAttribute('src', /^\/img\/campaign-covers\/[0-9a-f-]{36}\.jpg$/);
  await field(page, 'Quem organiza').fill('Coletivo Leitura Viva');
  await saved(page);

  // The preview: the saved draft at a phone's width and a desktop's, and the link's card.
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const phone = page.frameLocator('iframe[title="No celular"]');
  await expect(phone.getByRole('heading', { level: 1, name: `Biblioteca viva ${stamp}` })).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole('link', { name: 'relatório' })).toHaveAttribute('href', 'https://exemplo.org/relatorio');
  await expect(page.frameLocator('iframe[title="No computador"]').getByText('Coletivo Leitura Viva').first()).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Pré-visualização' }).getByRole('figure', { name: 'Prévia do link compartilhado' }),
  ).toContainText('Livros e leitura para 300 crianças');
  await page.getByRole('button', { name: 'Fechar' }).click();

  await page.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(page.getByText('Situação: Publicada')).toBeVisible();
  await expect(page.getByText(/Versão 1, .*, por /)).toBeVisible();

  // A donor gives to it.
  const donor = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const giving = await donor.newPage();
  await giving.goto(`/${slug}/donate?amount=40`);
  await field(giving, 'Nome completo').fill('Carla Dias');
  await field(giving, 'CPF').fill(randomCpf());
  await field(giving, 'E-mail').fill(uniqueEmail('leitura'));
  await field(giving, 'Telefone').fill('81987654321');
  await giving.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(giving, '4111 1111 1111 1111');
  await giving.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(giving);
  await giving.getByRole('button', { name: 'Doar R$ 40,00' }).click();
  await expect(giving).toHaveURL(/\/doacao-confirmacao\/agradecimento/);
  await giving.goto(`/${slug}`);
  await expect(giving.getByText(/R\$\s40,00/).first()).toBeVisible();

  // A new address: the old link answers with the campaign at its new one.
  await field(page, 'Endereço da campanha').fill(`leitura-viva-${stamp}`);
  await saved(page);
  await page.getByRole('button', { name: 'Publicar alterações' }).click();
  await expect(page.getByText(/Versão 2, /)).toBeVisible();
  await giving.goto(`/${slug}`);
  await expect(giving).toHaveURL(new RegExp(`/leitura-viva-${stamp}$`));
  await expect(giving.getByRole('heading', { level: 1, name: `Biblioteca viva ${stamp}` })).toBeVisible();
  await donor.close();
});

test('a second admin saved meanwhile: the editor shows both versions and keeps the one chosen', async ({ page, browser }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  const slug = await newCampaign(page, `Horta ${Date.now().toString(36)}`);
  const colleague = await secondAdmin(browser, new URL(page.url()).origin);
  await colleague.goto(`/admin/campaigns/edit?slug=${slug}`);
  await field(colleague, 'Resumo').fill('A versão da colega.');
  await saved(colleague);

  await field(page, 'Resumo').fill('A minha versão.');
  const dialog = page.getByRole('alertdialog', { name: 'Outra pessoa salvou esta campanha' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('region', { name: 'A minha versão' })).toContainText('A minha versão.');
  await expect(dialog).toContainText('A versão da colega.');
  await dialog.getByRole('button', { name: 'Manter a minha versão' }).click();
  await saved(page);
  await colleague.reload();
  await expect(field(colleague, 'Resumo')).toHaveValue('A minha versão.');
  await colleague.context().close();
});

test('leaving the editor with unsaved changes asks first', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await newCampaign(page, `Agasalho ${Date.now().toString(36)}`);
  await field(page, 'Resumo').fill('Ainda não salvo.');
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Categorias' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Sair sem salvar?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/edit/);
  await expect(field(page, 'Resumo')).toHaveValue('Ainda não salvo.');
  await field(page, 'Resumo').fill('Ainda não salvo, de novo.');
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Categorias' }).click();
  await page.getByRole('alertdialog', { name: 'Sair sem salvar?' }).getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
});
