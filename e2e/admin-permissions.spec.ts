import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_ROUTE_PERMISSIONS, PERMISSIONS, type AdminPath, type Permission } from '../contracts/permissions';
import { createAccount, newIndividual } from './helpers/accounts';
import { signInWithCookies, waitForShell } from './helpers/session';
import { approveChange, joinTeam } from './helpers/team';

/**
 * The route × permission matrix of docs/spec.md §6 in Chromium (issue 13): a colleague joins the team
 * through an invitation, then for every admin page the admin takes one permission it needs away (the
 * last it lists, so each permission is taken somewhere) and the page sends the colleague to the page
 * that says why; with all of them it opens. Each change counts from the next request: no new sign-in in
 * between. Every other cell of the matrix is tests/web/app/guards.test.ts's, on the same guard.
 */

/** A colleague who joined the team through an invitation, and a way for the admin to set their permissions. */
async function joinedColleague(request: APIRequestContext, name: string) {
  const colleague = await createAccount(request, newIndividual({ name }));
  const { id, headers: own, admin } = await joinTeam(request, colleague, []);
  const grant = async (permissions: readonly Permission[]) => {
    const answer = await request.patch(`/api/v1/admin/team/members/${id}`, { headers: admin, data: { permissions } });
    // A set that lets the colleague approve something waits for the second admin (issue 23).
    if (answer.status() === 202) await approveChange(request, ((await answer.json()) as { change: string }).change);
    else expect(answer.status(), await answer.text()).toBe(204);
  };
  return { colleague, own, grant };
}

test('every admin page needs its permissions: one missing sends to the page that says so, all of them open it', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const { colleague, own, grant } = await joinedColleague(request, 'Paula Matriz');

  await signInWithCookies(page, baseURL!, colleague);
  for (const [path, needed] of Object.entries(ADMIN_ROUTE_PERMISSIONS) as Array<[AdminPath, readonly Permission[]]>) {
    const url = path === '/admin/campaigns/edit' ? `${path}?slug=cozinha-solidaria-recife` : path;
    for (const missing of needed.slice(-1)) {
      await grant(PERMISSIONS.filter((p) => p !== missing));
      await page.goto(url);
      await waitForShell(page);
      await expect(page, `${path} without ${missing}`).toHaveURL(
        new URL(`/admin/sem-permissao?pagina=${encodeURIComponent(path)}`, baseURL).href,
      );
    }
    await grant(needed);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }), `${path} with ${needed.join(', ')}`).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}`));
  }
  // And the API agrees: without MANAGE_CAMPAIGNS its admin calls are refused.
  await grant(['MANAGE_TEAM']);
  expect((await request.get('/api/v1/admin/categories', { headers: own })).status()).toBe(403);
});

test('a member sent away from a page they may not open reads why, what it needs, and the pages they may open', async ({
  page,
  request,
  baseURL,
}) => {
  const { colleague, grant } = await joinedColleague(request, 'Rita Recusada');
  await grant(['MANAGE_TEAM', 'MANAGE_CAMPAIGNS']);
  await signInWithCookies(page, baseURL!, colleague);

  await page.goto('/admin/finances');
  await expect(page).toHaveURL(/\/admin\/sem-permissao\?pagina=%2Fadmin%2Ffinances$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sem permissão');
  await expect(page.getByText('Você não tem permissão para abrir esta página.')).toBeVisible();
  await expect(page.getByText('Para abrir Finanças é preciso:')).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: /^Finanças$/ }),
  ).toBeVisible();
  const offered = page.getByRole('heading', { name: 'Páginas que você pode abrir' }).locator('..').getByRole('link');
  await expect(offered).toHaveText(['Categorias', 'Tags', 'Campanhas', 'Equipe', 'Organização', 'Sistema']);
  await offered.filter({ hasText: 'Equipe' }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();

  // In the member's language too.
  await page.evaluate(() => localStorage.setItem('semear.locale', 'en'));
  await page.goto('/admin/donations');
  await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pages you can open' })).toBeVisible();
});
