import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema } from '../../contracts/admin-taxonomy';
import { teamSchema } from '../../contracts/admin-team';
import { PERMISSIONS } from '../../contracts/permissions';
import { auditLog } from '../../server/db/schema';
import { grantAdmin, newSession, signIn } from './helpers/fixtures';
import { outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The admin team (issue 13): invitations by e-mail that sign up or in and join, permissions changed
 * or revoked with effect on the next request, the last team manager kept, every change audited; each
 * call's bad inputs and permissions.
 */

let ctx: TestContext;
let lead: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext();
  lead = await newSession(ctx.app, { name: 'Lúcia Alves' });
  await grantAdmin(ctx, lead.user.id, PERMISSIONS);
});
afterAll(() => ctx.close());

const as = (token: string) => ({ token });
const db = () => ctx.database.db;
const teamNow = async () => teamSchema.parse((await call(ctx.app, 'GET', '/api/v1/admin/team', undefined, as(lead.token))).json());
const auditCount = async () =>
  Number(
    (
      await db()
        .select({ n: sql`count(*)` })
        .from(auditLog)
    )[0]?.n,
  );
const invite = (body: object, options: Parameters<typeof call>[4] = as(lead.token)) =>
  call(ctx.app, 'POST', '/api/v1/admin/team/invitations', body, options);
const tokenOf = async (email: string) => {
  const [mail] = await outboxTo(db(), email);
  expect(mail?.subject).toBe('Lúcia Alves convidou você para a equipe do Semear');
  return /convite-equipe\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
};

describe('invitations', () => {
  it('an invited colleague signs up with the invited e-mail, accepts, and has exactly the permissions given, from the next request', async () => {
    const email = `colega-${Date.now()}@semear.dev`;
    const invited = await invite({ email: ` ${email.toUpperCase()} `, permissions: ['MANAGE_CAMPAIGNS'] });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await teamNow()).invitations).toEqual([
      expect.objectContaining({ email, permissions: ['MANAGE_CAMPAIGNS'], invited_by: 'Lúcia Alves' }),
    ]);
    const token = await tokenOf(email);
    // The e-mail says what the invitation lets the colleague do (issue 22).
    const [mail] = await outboxTo(db(), email);
    expect(mail?.text).toContain('Com este convite você poderá cuidar de: Campanhas, categorias e tags.');
    expect(mail?.html).toContain('Com este convite você poderá cuidar de: Campanhas, categorias e tags.');

    const preview = await call(ctx.app, 'GET', `/api/v1/team-invitations/${token}`);
    expect(preview.json()).toMatchObject({ email, permissions: ['MANAGE_CAMPAIGNS'], invited_by: 'Lúcia Alves' });

    const stranger = await newSession(ctx.app);
    const wrong = await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token }, as(stranger.token));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo.');

    const colleague = await newSession(ctx.app, { email });
    expect((await call(ctx.app, 'GET', '/api/v1/admin/categories', undefined, as(colleague.token))).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token }, as(colleague.token))).statusCode).toBe(204);
    // The same session, no new sign-in: campaigns yes, the team and finances no.
    expect((await call(ctx.app, 'GET', '/api/v1/admin/categories', undefined, as(colleague.token))).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/team', undefined, as(colleague.token))).statusCode).toBe(403);
    const me = (await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, as(colleague.token))).json();
    expect(me.permissions.map((p: { name: string }) => p.name)).toEqual(['MANAGE_CAMPAIGNS']);

    // Used once: the link says so afterwards.
    const again = await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token }, as(colleague.token));
    expect(again.statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/v1/team-invitations/${token}`)).statusCode).toBe(404);
    const team = await teamNow();
    expect(team.invitations).toEqual([]);
    expect(team.members.find((m) => m.email === email)?.permissions).toEqual(['MANAGE_CAMPAIGNS']);
  });

  it("the invitation e-mail names the permissions in the inviter's language", async () => {
    const email = `financas-${Date.now()}@semear.dev`;
    const invited = await invite(
      { email, permissions: ['MANAGE_TEAM', 'MANAGE_FINANCES'] },
      { ...as(lead.token), headers: { 'accept-language': 'en' } },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await outboxTo(db(), email);
    expect(mail?.text).toContain('With this invitation you will be able to look after: Finances and Team.');
  });

  it('a revoked or expired invitation no longer works; a member cannot be invited twice; bad input writes nothing', async () => {
    const email = `revogado-${Date.now()}@semear.dev`;
    const { id } = (await call(ctx.app, 'POST', '/api/v1/admin/team/invitations', { email, permissions: [] }, as(lead.token))).json();
    const token = await tokenOf(email);
    expect((await outboxTo(db(), email))[0]?.text).toContain('Este convite ainda não dá permissões');
    expect((await call(ctx.app, 'DELETE', `/api/v1/admin/team/invitations/${id}`, undefined, as(lead.token))).statusCode).toBe(204);
    const invitee = await newSession(ctx.app, { email });
    expect((await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token }, as(invitee.token))).statusCode).toBe(404);

    const late = `atrasado-${Date.now()}@semear.dev`;
    await call(ctx.app, 'POST', '/api/v1/admin/team/invitations', { email: late, permissions: [] }, as(lead.token));
    const lateToken = await tokenOf(late);
    ctx.clock.advance(8 * 24 * 60 * 60 * 1000);
    const lateUser = await newSession(ctx.app, { email: late });
    // A week later the lead signs in again (access tokens last 15 minutes).
    lead = { ...lead, ...(await signIn(ctx.app, lead.input.email, lead.input.password)) };
    expect((await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token: lateToken }, as(lateUser.token))).statusCode).toBe(404);

    const before = await auditCount();
    const member = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/team/invitations',
      { email: lead.input.email, permissions: [] },
      as(lead.token),
    );
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe('Esta pessoa já faz parte da equipe.');
    const bad = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/team/invitations',
      { email: 'não-é-email', permissions: ['DONO_DE_TUDO'] },
      as(lead.token),
    );
    expect(bad.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});

describe('members', () => {
  it('permissions change or are revoked at once, audited before and after; the last team manager keeps MANAGE_TEAM', async () => {
    const other = await newSession(ctx.app, { name: 'Otávio Reis' });
    await grantAdmin(ctx, other.user.id, ['MANAGE_FINANCES', 'MANAGE_TEAM']);
    // Campaigns for finances approves nothing new (issue 23: those that do wait for a second admin).
    const changed = await call(
      ctx.app,
      'PATCH',
      `/api/v1/admin/team/members/${other.user.id}`,
      { permissions: ['MANAGE_TEAM', 'MANAGE_CAMPAIGNS'] },
      as(lead.token),
    );
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/team', undefined, as(other.token))).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/finances', undefined, as(other.token))).statusCode).toBe(403);
    const log = auditEntrySchema
      .array()
      .parse(
        (
          await call(ctx.app, 'GET', `/api/v1/admin/audit-log?subject_type=member&subject_id=${other.user.id}`, undefined, as(lead.token))
        ).json(),
      );
    expect(log[0]).toMatchObject({
      action: 'member.permissions_changed',
      subject_name: other.input.name,
      before: { permissions: ['MANAGE_FINANCES', 'MANAGE_TEAM'] },
      after: { permissions: ['MANAGE_CAMPAIGNS', 'MANAGE_TEAM'] },
    });

    // Two can manage the team: one may take it from the other; then the one left is the last.
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/admin/team/members/${other.user.id}`, { permissions: [] }, as(lead.token))).statusCode,
    ).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/team', undefined, as(other.token))).statusCode).toBe(403);
    const managers = (await teamNow()).members.filter((m) => m.permissions.includes('MANAGE_TEAM'));
    // The test context may have seeded admins; leave only the lead able to manage the team.
    for (const m of managers.filter((x) => x.id !== lead.user.id))
      await call(ctx.app, 'PATCH', `/api/v1/admin/team/members/${m.id}`, { permissions: [] }, as(lead.token));
    // Nobody changes their own permissions (issue 23); the last manager cannot leave the team either.
    const own = await call(
      ctx.app,
      'PATCH',
      `/api/v1/admin/team/members/${lead.user.id}`,
      { permissions: ['MANAGE_CAMPAIGNS'] },
      as(lead.token),
    );
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('team.own_permissions');
    const last = await call(ctx.app, 'DELETE', `/api/v1/admin/team/members/${lead.user.id}`, undefined, as(lead.token));
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({
      code: 'team.last_manager',
      message: 'Alguém precisa continuar podendo gerenciar a equipe: dê essa permissão a outra pessoa antes.',
    });

    // Removed from the team: a donor again, on the next request.
    expect((await call(ctx.app, 'DELETE', `/api/v1/admin/team/members/${other.user.id}`, undefined, as(lead.token))).statusCode).toBe(204);
    expect((await teamNow()).members.some((m) => m.id === other.user.id)).toBe(false);
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/admin/team/members/${other.user.id}`, { permissions: [] }, as(lead.token))).statusCode,
    ).toBe(404);
  });

  it('every team call needs ADMIN with MANAGE_TEAM', async () => {
    const campaigner = await newSession(ctx.app);
    await grantAdmin(ctx, campaigner.user.id, ['MANAGE_CAMPAIGNS', 'MANAGE_FINANCES', 'MANAGE_USERS', 'MANAGE_PIX_ACCOUNTS']);
    const before = await auditCount();
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/team', undefined],
      ['POST', '/api/v1/admin/team/invitations', { email: 'x@semear.dev', permissions: [] }],
      ['DELETE', `/api/v1/admin/team/invitations/${crypto.randomUUID()}`, undefined],
      ['PATCH', `/api/v1/admin/team/members/${lead.user.id}`, { permissions: [] }],
      ['DELETE', `/api/v1/admin/team/members/${lead.user.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(ctx.app, method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(ctx.app, method as 'GET', url, body, as(campaigner.token))).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await auditCount()).toBe(before);
    expect((await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token: 'x'.repeat(43) })).statusCode).toBe(401);
  });
});
