import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Signs in without the form: POST /api/v1/sessions, then sets the two cookies the web app would
 * write (docs/design.md §5). For tests about something other than the sign-in page itself.
 * `baseURL` is the test's `baseURL` fixture (the server under test).
 */
export async function signInWithCookies(page: Page, baseURL: string, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/v1/sessions', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as { token: string; refresh_token: string };
  const { hostname } = new URL(baseURL);
  const now = Math.floor(Date.now() / 1000);
  await page.context().addCookies([
    { name: 'semear.token', value: session.token, domain: hostname, path: '/', sameSite: 'Lax', expires: now + 604_800 },
    { name: 'semear.refresh_token', value: session.refresh_token, domain: hostname, path: '/', sameSite: 'Lax', expires: now + 2_592_000 },
  ]);
}

/** Waits until the header knows who the user is: the account menu (signed in) or 'Entrar' (visitor). */
export async function waitForShell(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(
    banner
      .getByRole('button', { name: /Menu da conta|account menu|Menú de la cuenta/ })
      .or(banner.getByRole('link', { name: 'Entrar', exact: true })),
  ).toBeVisible();
}

/** A page in a context of its own, as the specs' default one is (Portuguese, São Paulo), signed in when `as` says who. */
export async function openSharedPage(
  browser: Browser,
  baseURL: string,
  options: { as?: { email: string; password: string }; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  const page = await context.newPage();
  if (options.as) await signInWithCookies(page, baseURL, options.as);
  return { context, page };
}
