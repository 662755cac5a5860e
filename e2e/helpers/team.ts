import { expect, type APIRequestContext } from '@playwright/test';
import type { Permission } from '../../contracts/permissions';
import { DEMO_ADMIN, DEMO_REVIEWER, type TestAccount } from './accounts';
import { waitForMailMatching } from './mailbox';

/** The Authorization header of a session opened through the API (for calls the test makes itself). */
export async function bearer(request: APIRequestContext, credentials: { email: string; password: string }) {
  const answer = await request.post('/api/v1/sessions', { data: credentials });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/**
 * Brings an existing account into the team the way a colleague joins (docs/admin.md): the demo admin
 * invites its e-mail with these permissions, the account accepts the e-mailed invitation. Answers the
 * account's id and its Authorization header. A grant that lets the colleague approve something waits for
 * a second admin (issue 23): the demo reviewer approves it.
 */
export async function joinTeam(request: APIRequestContext, colleague: TestAccount, permissions: readonly Permission[]) {
  const admin = await bearer(request, DEMO_ADMIN);
  const invited = await request.post('/api/v1/admin/team/invitations', { headers: admin, data: { email: colleague.email, permissions } });
  expect(invited.status(), await invited.text()).toBe(201);
  const [, token] = await waitForMailMatching(colleague.email, /convite-equipe\?token=([\w-]+)/);
  const own = await bearer(request, colleague);
  const accepted = await request.post('/api/v1/team-invitations/accept', { headers: own, data: { token } });
  if (accepted.status() === 202) await approveChange(request, ((await accepted.json()) as { change: string }).change);
  else expect(accepted.status(), await accepted.text()).toBe(204);
  const profile = (await (await request.get('/api/v1/users/profile', { headers: own })).json()) as { id: string };
  return { id: profile.id, headers: own, admin };
}

/** The demo reviewer approves a permission change the demo admin asked for. */
export async function approveChange(request: APIRequestContext, change: string) {
  const reviewer = await bearer(request, DEMO_REVIEWER);
  const approved = await request.post(`/api/v1/admin/team/changes/${change}/approve`, { headers: reviewer });
  expect(approved.status(), await approved.text()).toBe(204);
}
