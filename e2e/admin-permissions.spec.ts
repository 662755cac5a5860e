import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_ROUTE_PERMISSIONS, PERMISSIONS, type AdminPath, type Permission } from '../contracts/permissions';
import { DEMO_ADMIN, createAccount, newIndividual } from './helpers/accounts';
import { waitForMailMatching } from './helpers/mailbox';
import { signInWithCookies, waitForShell } from './helpers/session';

/**
 * The route × permission matrix of docs/spec.md §6 in Chromium (issue 13): a colleague joins the team
 * through an invitation, then for every admin page and every permission it needs, the admin takes
 * that one permission away and the page sends the colleague home; with all of them it opens. Each
 * change counts from the next request: no new sign-in in between.
 */

const bearer = async (request: APIRequestContext, credentials: { email: string; password: string }) => {
  const answer = await request.post('/api/v1/sessions', { data: credentials });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
};

test('every admin page needs all of its permissions: one missing sends home, all of them open it', async ({ page, request, baseURL }) => {
  test.slow();
  const colleague = await createAccount(request, newIndividual({ name: 'Paula Matriz' }));
  const admin = await bearer(request, DEMO_ADMIN);
  const invited = await request.post('/api/v1/admin/team/invitations', {
    headers: admin,
    data: { email: colleague.email, permissions: [] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const [, token] = await waitForMailMatching(colleague.email, /convite-equipe\?token=([\w-]+)/);
  const own = await bearer(request, colleague);
  expect((await request.post('/api/v1/team-invitations/accept', { headers: own, data: { token } })).status()).toBe(204);
  const profile = (await (await request.get('/api/v1/users/profile', { headers: own })).json()) as { id: string };
  const grant = async (permissions: readonly Permission[]) => {
    const answer = await request.patch(`/api/v1/admin/team/members/${profile.id}`, { headers: admin, data: { permissions } });
    expect(answer.status(), await answer.text()).toBe(204);
  };

  await signInWithCookies(page, baseURL!, colleague);
  for (const [path, needed] of Object.entries(ADMIN_ROUTE_PERMISSIONS) as Array<[AdminPath, readonly Permission[]]>) {
    const url = path === '/admin/campaigns/edit' ? `${path}?slug=cozinha-solidaria-recife` : path;
    for (const missing of needed) {
      await grant(PERMISSIONS.filter((p) => p !== missing));
      await page.goto(url);
      await waitForShell(page);
      await expect(page, `${path} without ${missing}`).toHaveURL(new URL('/', baseURL).href);
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
