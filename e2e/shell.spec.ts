import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_DONOR } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { signInWithCookies, waitForShell } from './helpers/session';

test.describe('guards', () => {
  test('a visitor going to /profile or /admin lands home', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile/wallet');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/finances');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Doe em um minuto. Veja o que a sua doação fez.');
  });

  test('a donor going to /admin pages is told why, and how to join the team', async ({ page, baseURL }) => {
    await signInWithCookies(page, baseURL!, DEMO_DONOR);
    for (const path of ['/admin/finances', '/admin/campaigns', '/admin/webhooks', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/sem-permissao/);
      await expect(page.getByText('Você não tem permissão para abrir esta página.')).toBeVisible();
      await expect(page.getByText('Sua conta não faz parte da equipe da Semear.', { exact: false })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Administração' })).toHaveCount(0);
    }
    await page.goto('/profile/wallet');
    await expect(page).toHaveURL(/\/profile\/wallet$/);
  });

  test('an admin reaches /admin/finances and the admin menu', async ({ page, baseURL }) => {
    await signInWithCookies(page, baseURL!, DEMO_ADMIN);
    await page.goto('/admin/finances');
    await expect(page).toHaveURL(/\/admin\/finances$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Finanças' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Equipe' }).click();
    await expect(page).toHaveURL(/\/admin\/team$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/finances$/);
  });

  test('a signed-in user leaves the auth pages for return_url or home, never another site', async ({ page, baseURL }) => {
    await signInWithCookies(page, baseURL!, DEMO_DONOR);
    await page.goto('/signin?return_url=%2Fprofile%2Fwallet');
    await expect(page).toHaveURL(/\/profile\/wallet$/);
    await page.goto('/signin');
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await page.goto('/signin?return_url=https%3A%2F%2Fevil.example');
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await page.goto('/signin?return_url=%2F%2Fevil.example');
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await page.goto('/signup');
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await page.goto('/reset-password');
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
  });

  test('the header shows the account menu; signing out from /profile goes home', async ({ page, baseURL }) => {
    await signInWithCookies(page, baseURL!, DEMO_ADMIN);
    await page.goto('/profile');
    await waitForShell(page);
    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await expect(page.getByRole('link', { name: 'Perfil' }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  });
});

test('the language switch goes pt → en → es and is remembered after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('link', { name: 'Doar agora' })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('link', { name: 'Donate now' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('link', { name: 'Donar ahora' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Donar ahora' })).toBeVisible();
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // Pages whose messages load with their route follow the switch too.
  await page.getByRole('banner').getByRole('link', { name: 'Ayuda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '¿Cómo podemos ayudarte?' })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  await page.getByLabel('Language').selectOption('pt');
  await expect(page.getByRole('heading', { level: 1, name: 'Como podemos ajudar?' })).toBeVisible();
});

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('the account menu and the language switch in English', async ({ page, baseURL }) => {
    await signInWithCookies(page, baseURL!, DEMO_DONOR);
    await page.goto('/');
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: /account menu/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the progress bar shows during a route change', async ({ page }) => {
  await page.goto('/');
  await waitForShell(page);
  // Record every value the bar shows (it can be quick when the route is already prefetched).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (bar) seen.push(bar.getAttribute('aria-valuenow') ?? '');
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('banner').getByRole('link', { name: 'Ajuda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Como podemos ajudar?' })).toBeVisible();
  const values = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  expect(values.length).toBeGreaterThan(0);
  expect(values).toContain('20');
  expect(values).toContain('100');
  // And it goes away 200 ms after the route resolves.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Focus moved to the new page's content, as after a full page load.
  await expect(page.locator('main')).toBeFocused();
});

/** Every path the page posts as a page view, as the batches leave. */
function pageViewPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/analytics/page-views')) {
      const body = JSON.parse(request.postData() ?? '{}') as { views?: Array<{ path: string }> };
      paths.push(...(body.views ?? []).map((v) => v.path));
    }
  });
  return paths;
}

test('a page view is sent for each route change, the first page included', async ({ page }) => {
  const paths = pageViewPaths(page);
  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      request.url().endsWith('/api/v1/analytics/page-views') &&
      (request.postData() ?? '').includes('"/about"'),
    // The wait spans the first load, the click and the 3 s batch; a loaded CI machine needs the slack.
    { timeout: 20_000 },
  );
  await page.goto('/');
  await waitForShell(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sobre' }).click();
  await expect(page).toHaveURL(/\/about$/);
  const request = await sent;
  const body = JSON.parse(request.postData()!) as { views: Array<{ path: string; locale?: string; occurred_at: string }> };
  const about = body.views.find((v) => v.path === '/about');
  expect(about?.locale).toBe('pt');
  expect(Number.isNaN(Date.parse(about!.occurred_at))).toBe(false);
  expect((await request.response())?.status()).toBe(204);
  expect(paths).toContain('/');
  expect(paths.filter((p) => p === '/about')).toHaveLength(1);
});

test('the landing page counts as a view even when the visitor leaves it before page views start', async ({ page }) => {
  const paths = pageViewPaths(page);
  // Page views load after the page (a slow phone: later still); the visitor has already clicked away.
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const backgroundWork = manifest['src/features/shell/BackgroundWork.tsx']!.file;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${backgroundWork}`, async (route) => {
    await held;
    await route.continue();
  });
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/analytics/page-views'), {
    timeout: 20_000,
  });
  await page.goto('/');
  await waitForShell(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sobre' }).click();
  await expect(page).toHaveURL(/\/about$/);
  release();
  const body = JSON.parse((await sent).postData()!) as { views: Array<{ path: string; referrer?: string; occurred_at: string }> };
  expect(body.views.map((v) => v.path)).toEqual(['/', '/about']);
  // The landing view is dated when the page was opened, not when page views started.
  expect(Date.parse(body.views[0]!.occurred_at)).toBeLessThanOrEqual(Date.parse(body.views[1]!.occurred_at));
  expect(body.views[1]!.referrer).toMatch(/^http:\/\/[^/]+\/$/);
  expect(paths.filter((p) => p === '/')).toHaveLength(1);
});

test('links near the viewport are prefetched; static routes win over /{slug}', async ({ page }) => {
  const helpChunk = page.waitForRequest((r) => /\/assets\/help-[^/]+\.js$/.test(r.url()), { timeout: 8_000 });
  await page.goto('/');
  // The header links are in view: their route code loads before any click.
  await helpChunk;
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Como podemos ajudar?' })).toBeVisible();
  await page.goto('/cozinha-solidaria-recife/donate?amount=50&error=recusado');
  await expect(page.getByTestId('summary-amount')).toHaveText('R$ 50,00');
  await expect(page.getByText('O pagamento não foi concluído. Confira os dados e tente de novo.')).toBeVisible();
  await expect(page.getByText('recusado')).toHaveCount(0);
});

test('the ad script from the meta tag is added async and never blocks the page', async ({ page }) => {
  // The server injects the meta tag when AD_SCRIPT_URL is set; here the test injects it, and the
  // ad host never answers.
  await page.route('https://ads.example/**', () => {
    /* left hanging on purpose */
  });
  await page.route(/\/help$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</head>', '<meta name="semear:ad-script" content="https://ads.example/tag.js"></head>');
    // The page came compressed (HTML above 1 KB): the text is decoded, so its encoding and length go.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
    );
    await route.fulfill({ response, body: html, headers });
  });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Como podemos ajudar?' })).toBeVisible();
  const script = page.locator('script[data-semear-ad]');
  await expect(script).toHaveCount(1);
  expect(await script.evaluate((s: HTMLScriptElement) => ({ src: s.src, async: s.async }))).toEqual({
    src: 'https://ads.example/tag.js',
    async: true,
  });
});

test('signed in, the header is one row at 1024, 1280 and 1439 px, in pt and es, with no link cut off', async ({ page, baseURL }) => {
  await signInWithCookies(page, baseURL!, DEMO_DONOR);
  const banner = page.getByRole('banner');
  for (const locale of ['pt', 'es']) {
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('semear.locale', l), locale);
    for (const width of [1024, 1280, 1439]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await waitForShell(page);
      // The balance arrives with its own chunk: the row is measured with it.
      await expect(banner.getByRole('link', { name: /R\$/ })).toBeVisible();
      await expect(banner.getByRole('link', { name: locale === 'pt' ? 'Ajuda' : 'Ayuda' })).toBeVisible();
      const row = await page.evaluate(() => {
        const header = document.querySelector('header')!;
        const shown = [...header.querySelectorAll<HTMLElement>('a, button, select')].filter((el) => el.getClientRects().length > 0);
        const middles = shown.map((el) => {
          const box = el.getBoundingClientRect();
          return box.top + box.height / 2;
        });
        const nav = header.querySelector('nav')!;
        return { spread: Math.max(...middles) - Math.min(...middles), hidden: nav.scrollWidth - nav.clientWidth, count: shown.length };
      });
      expect(row.count, `${locale} ${width}`).toBeGreaterThanOrEqual(9);
      expect(row.spread, `${locale} at ${width} px: every link and button on one row`).toBeLessThanOrEqual(8);
      expect(row.hidden, `${locale} at ${width} px: no link scrolled out of sight`).toBeLessThanOrEqual(0);
    }
  }
});
