import { expect, test } from '@playwright/test';
import { waitForShell } from './helpers/session';

// Axe on these pages: e2e/accessibility.spec.ts, on a phone and a laptop.

const COQUE = 'Cozinha Solidária do Coque';

test('from home to a featured campaign, then search and read the campaign, its messages and donors', async ({ page }) => {
  await page.goto('/');
  await waitForShell(page);
  const featured = page.getByRole('region', { name: 'Campanhas em destaque' });
  await expect(featured.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'A Semear em números' })).toContainText('R$');
  await featured.getByRole('link', { name: COQUE }).click();
  await expect(page).toHaveURL(/\/cozinha-solidaria-recife$/);
  await expect(page.getByRole('heading', { level: 1, name: COQUE })).toBeVisible();

  // Accent-insensitive search ('solidaria' for 'Solidária'); the query stays in the URL across a reload.
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('cozinha solidaria');
  await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/search\?q=cozinha\+solidaria$/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('cozinha solidaria');
  await page.getByRole('link', { name: COQUE }).click();

  await expect(page.getByRole('heading', { level: 1, name: COQUE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'A história' })).toBeVisible();
  await expect(page.getByText('Cada R$ 6,00 garante uma refeição completa.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progresso da meta' })).toBeVisible();
  await expect(page.getByText(/% da meta/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Doar agora' })).toHaveAttribute('href', '/cozinha-solidaria-recife/donate?amount=50');
  const share = page.getByRole('list', { name: 'Compartilhar a campanha' });
  await expect(share.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  const donors = page.getByRole('region', { name: 'Últimos doadores' });
  await expect(donors.getByRole('listitem').first()).toContainText('R$');

  await page
    .getByRole('region', { name: 'Mensagens de apoio' })
    .getByRole('link', { name: /Ver todas as mensagens/ })
    .click();
  await expect(page).toHaveURL(/\/cozinha-solidaria-recife\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens de apoio' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Seções da campanha' }).getByRole('link', { name: 'Doadores' }).click();
  await expect(page).toHaveURL(/\/cozinha-solidaria-recife\/doadores$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quem já doou' })).toBeVisible();
  // The demo has anonymous donations: no name, amount still shown.
  await expect(page.getByText('Anônimo').first()).toBeVisible();
});

test("searching 'alimentacao' without the accent finds the community kitchen (category Alimentação)", async ({ page }) => {
  await page.goto('/search?q=alimentacao');
  await expect(page.getByRole('link', { name: COQUE })).toBeVisible();
});

test('an unknown campaign is a 404 page', async ({ page }) => {
  await page.goto('/campanha-que-nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
});

test('the campaign page carries Open Graph and Twitter tags for link previews, as a crawler asks for it', async ({ request }) => {
  const response = await request.get('/cozinha-solidaria-recife', { headers: { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const meta = (attr: 'property' | 'name', key: string) => new RegExp(`<meta[^>]*${attr}="${key}"[^>]*content="([^"]+)"`).exec(html)?.[1];
  expect(meta('property', 'og:title')).toContain(COQUE);
  expect(meta('property', 'og:image')).toMatch(/^https?:\/\/.+/);
  expect(meta('name', 'twitter:card')).toBe('summary_large_image');
  // WhatsApp and Facebook render rasters only.
  const image = await request.get(new URL(meta('property', 'og:image') as string).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('the thank-you page thanks, shares WhatsApp first and invites a visitor to sign up', async ({ page }) => {
  await page.goto('/doacao-confirmacao/agradecimento?campaign=cozinha-solidaria-recife');
  await expect(page.getByRole('heading', { level: 1, name: 'Recebemos sua doação!' })).toBeVisible();
  await expect(page.getByText('Sua doação já está a caminho da campanha.', { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Compartilhar' }).getByRole('link').first()).toHaveText('WhatsApp');
  await expect(page.getByRole('link', { name: 'Faça seu cadastro' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Entrar agora' })).toHaveAttribute('href', '/signin');
});
