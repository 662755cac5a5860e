import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDonationDetailSchema } from '../../contracts/admin-donations';
import { teamSchema } from '../../contracts/admin-team';
import { PERMISSIONS } from '../../contracts/permissions';
import { auditLog, teamInvitations, teamPermissionChanges } from '../../server/db/schema';
import { grantAdmin, newSession } from './helpers/fixtures';
import { cardDonation, createCampaign, newKey, outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 23, item 4 — one person can be both eyes: nobody changes their own permissions, nobody grants a
 * permission they do not hold, and a grant that lets a member approve (refunds, PIX keys, payout
 * accounts) or manage the team waits for a second admin — also when it comes by an invitation, whose
 * waiting change says who invited the newcomer and when.
 */

let ctx: TestContext;
type Session = Awaited<ReturnType<typeof newSession>>;
let lead: Session;
let second: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  lead = await newSession(ctx.app, { name: 'Lúcia Alves' });
  await grantAdmin(ctx, lead.user.id, PERMISSIONS);
  second = await newSession(ctx.app, { name: 'Bruno Costa' });
  await grantAdmin(ctx, second.user.id, PERMISSIONS);
});
afterAll(() => ctx.close());

const as = (session: Session) => ({ token: session.token });
const db = () => ctx.database.db;
const teamAs = async (session: Session) =>
  teamSchema.parse((await call(ctx.app, 'GET', '/api/v1/admin/team', undefined, as(session))).json());
/** The account's permissions, from its next request, in the contracts' order. */
const permissionsOf = async (session: Session) => {
  const names = (await call(ctx.app, 'GET', '/api/v1/users/profile', undefined, as(session)))
    .json()
    .permissions.map((p: { name: string }) => p.name);
  return PERMISSIONS.filter((p) => names.includes(p));
};
const count = async (table: typeof auditLog | typeof teamPermissionChanges | typeof teamInvitations) =>
  Number(
    (
      await db()
        .select({ n: sql`count(*)` })
        .from(table)
    )[0]?.n,
  );
const patch = (member: string, permissions: string[], by: Session) =>
  call(ctx.app, 'PATCH', `/api/v1/admin/team/members/${member}`, { permissions }, as(by));
const decide = (change: string, verb: 'approve' | 'reject', by?: Session) =>
  call(ctx.app, 'POST', `/api/v1/admin/team/changes/${change}/${verb}`, undefined, by ? as(by) : undefined);

describe('nobody changes their own permissions', () => {
  it('a member with only MANAGE_TEAM cannot give themselves the five permissions (nor take any away): 403, nothing written', async () => {
    const manager = await newSession(ctx.app, { name: 'Marta Dias' });
    await grantAdmin(ctx, manager.user.id, ['MANAGE_TEAM']);
    const audits = await count(auditLog);
    const changes = await count(teamPermissionChanges);
    for (const permissions of [[...PERMISSIONS], []]) {
      const answer = await patch(manager.user.id, permissions, manager);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({
        code: 'team.own_permissions',
        message: 'Ninguém muda as próprias permissões: peça a outra pessoa da equipe.',
      });
    }
    const english = await call(
      ctx.app,
      'PATCH',
      `/api/v1/admin/team/members/${manager.user.id}`,
      { permissions: [...PERMISSIONS] },
      { ...as(manager), headers: { 'accept-language': 'en' } },
    );
    expect(english.json().message).toBe('Nobody changes their own permissions: ask someone else on the team.');
    expect(await permissionsOf(manager)).toEqual(['MANAGE_TEAM']);
    expect(await count(auditLog)).toBe(audits);
    expect(await count(teamPermissionChanges)).toBe(changes);
  });
});

describe('nobody grants a permission they do not hold', () => {
  it('neither to a member nor by an invitation: 403, nothing written, no e-mail', async () => {
    const manager = await newSession(ctx.app, { name: 'Nara Lopes' });
    await grantAdmin(ctx, manager.user.id, ['MANAGE_TEAM', 'MANAGE_CAMPAIGNS']);
    const member = await newSession(ctx.app, { name: 'Otto Pinto' });
    await grantAdmin(ctx, member.user.id, []);
    const audits = await count(auditLog);
    const invitations = await count(teamInvitations);

    const change = await patch(member.user.id, ['MANAGE_CAMPAIGNS', 'MANAGE_FINANCES'], manager);
    expect(change.statusCode, change.body).toBe(403);
    expect(change.json()).toMatchObject({ code: 'team.grant_not_held', message: 'Você só pode dar permissões que você mesmo tem.' });
    expect(await permissionsOf(member)).toEqual([]);

    const email = `sem-poder-${Date.now()}@semear.dev`;
    const invite = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/team/invitations',
      { email, permissions: ['MANAGE_PIX_ACCOUNTS'] },
      as(manager),
    );
    expect(invite.statusCode, invite.body).toBe(403);
    expect(invite.json().code).toBe('team.grant_not_held');
    expect(await outboxTo(db(), email)).toEqual([]);
    expect(await count(teamInvitations)).toBe(invitations);
    expect(await count(auditLog)).toBe(audits);

    // What they hold they may give, and a permission held by the member they may take away.
    expect((await patch(member.user.id, ['MANAGE_CAMPAIGNS'], manager)).statusCode).toBe(204);
    expect(await permissionsOf(member)).toEqual(['MANAGE_CAMPAIGNS']);
  });
});

describe('a grant that approves waits for a second admin', () => {
  it('PIX accounts for a member: asked (202), not in force, not decided by who asked, approved by another, then in force', async () => {
    const member = await newSession(ctx.app, { name: 'Paula Reis' });
    await grantAdmin(ctx, member.user.id, ['MANAGE_CAMPAIGNS']);
    const asked = await patch(member.user.id, ['MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS'], lead);
    expect(asked.statusCode, asked.body).toBe(202);
    const { change } = asked.json() as { change: string };
    expect(await permissionsOf(member)).toEqual(['MANAGE_CAMPAIGNS']);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/pix-accounts', undefined, as(member))).statusCode).toBe(403);

    const seenByLead = (await teamAs(lead)).changes.find((c) => c.id === change);
    expect(seenByLead).toMatchObject({
      member_id: member.user.id,
      before: ['MANAGE_CAMPAIGNS'],
      permissions: ['MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS'],
      requested_by: 'Lúcia Alves',
      requested_by_me: true,
      can_decide: false,
    });
    expect((await teamAs(second)).changes.find((c) => c.id === change)).toMatchObject({ requested_by_me: false, can_decide: true });

    const own = await decide(change, 'approve', lead);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'team.change_own_approval',
      message: 'Outra pessoa da equipe precisa decidir: quem pediu a mudança, ou quem a recebe, não a aprova.',
    });
    expect(await permissionsOf(member)).toEqual(['MANAGE_CAMPAIGNS']);

    expect((await decide(change, 'approve', second)).statusCode).toBe(204);
    expect(await permissionsOf(member)).toEqual(['MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS']);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/pix-accounts', undefined, as(member))).statusCode).toBe(200);
    expect((await teamAs(second)).changes.some((c) => c.id === change)).toBe(false);
    const again = await decide(change, 'reject', second);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('team.change_not_pending');
    const [entry] = (
      await call(ctx.app, 'GET', `/api/v1/admin/audit-log?subject_type=member&subject_id=${member.user.id}`, undefined, as(lead))
    ).json();
    expect(entry).toMatchObject({
      action: 'member.permissions_approved',
      after: { permissions: ['MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS'] },
    });
  });

  it('MANAGE_TEAM, refunds and PIX keys wait too; a rejected grant changes nothing; a grant that approves nothing is at once', async () => {
    const member = await newSession(ctx.app, { name: 'Rui Campos' });
    await grantAdmin(ctx, member.user.id, []);
    for (const permissions of [
      ['MANAGE_TEAM'],
      ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'],
      ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'],
    ]) {
      const asked = await patch(member.user.id, permissions, lead);
      expect(asked.statusCode, permissions.join()).toBe(202);
      expect(await permissionsOf(member)).toEqual([]);
    }
    // Each new request replaced the one waiting: only the last is left to decide.
    const waiting = (await teamAs(second)).changes.filter((c) => c.member_id === member.user.id);
    expect(waiting.map((c) => c.permissions)).toEqual([['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']]);
    expect((await decide(waiting[0]!.id, 'reject', second)).statusCode).toBe(204);
    expect(await permissionsOf(member)).toEqual([]);

    // Finances alone, or campaigns alone, approve nothing: in force at once.
    expect((await patch(member.user.id, ['MANAGE_FINANCES'], lead)).statusCode).toBe(204);
    expect(await permissionsOf(member)).toEqual(['MANAGE_FINANCES']);
    // Campaigns on top of finances completes the PIX keys' pair: it waits.
    expect((await patch(member.user.id, ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'], lead)).statusCode).toBe(202);
  });

  it('the one who receives it cannot approve it, and an approver cannot give what they do not hold', async () => {
    const member = await newSession(ctx.app, { name: 'Sara Melo' });
    await grantAdmin(ctx, member.user.id, ['MANAGE_TEAM', 'MANAGE_CAMPAIGNS']);
    const partial = await newSession(ctx.app, { name: 'Tito Nunes' });
    await grantAdmin(ctx, partial.user.id, ['MANAGE_TEAM']);
    const { change } = (await patch(member.user.id, ['MANAGE_TEAM', 'MANAGE_CAMPAIGNS', 'MANAGE_FINANCES'], lead)).json();
    expect((await decide(change, 'approve', member)).json().code).toBe('team.change_own_approval');
    const unheld = await decide(change, 'approve', partial);
    expect(unheld.statusCode).toBe(403);
    expect(unheld.json().code).toBe('team.grant_not_held');
    expect((await teamAs(partial)).changes.find((c) => c.id === change)?.can_decide).toBe(false);
    expect(await permissionsOf(member)).toEqual(['MANAGE_CAMPAIGNS', 'MANAGE_TEAM']);
  });

  it('a change made to the member meanwhile replaces the waiting one', async () => {
    const member = await newSession(ctx.app, { name: 'Uma Braga' });
    await grantAdmin(ctx, member.user.id, ['MANAGE_CAMPAIGNS']);
    const { change } = (await patch(member.user.id, ['MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS'], lead)).json();
    expect((await patch(member.user.id, [], second)).statusCode).toBe(204);
    const late = await decide(change, 'approve', second);
    expect(late.statusCode).toBe(409);
    expect(await permissionsOf(member)).toEqual([]);
  });

  it('bad input and permissions: 400 for a bad id, 404 for an unknown change, 401 and 403 without MANAGE_TEAM; nothing written', async () => {
    const finance = await newSession(ctx.app);
    await grantAdmin(ctx, finance.user.id, ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_USERS', 'MANAGE_PIX_ACCOUNTS']);
    const audits = await count(auditLog);
    expect((await decide('não-é-id', 'approve', second)).statusCode).toBe(400);
    const unknown = await decide(crypto.randomUUID(), 'approve', second);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Pedido de mudança de permissões não encontrado.');
    for (const verb of ['approve', 'reject'] as const) {
      expect((await decide(crypto.randomUUID(), verb)).statusCode).toBe(401);
      expect((await decide(crypto.randomUUID(), verb, finance)).statusCode).toBe(403);
    }
    expect(await count(auditLog)).toBe(audits);
  });
});

describe('an admin invites a second address of their own', () => {
  it('the second address joins without the approving permissions; the waiting change names who invited it and when; the inviter cannot approve', async () => {
    const email = `lucia.alves.2-${Date.now()}@semear.dev`;
    const invited = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/team/invitations',
      { email, permissions: ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] },
      as(lead),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await outboxTo(db(), email);
    const token = /convite-equipe\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    const alias = await newSession(ctx.app, { name: 'Lúcia Alves', email });
    const accepted = await call(ctx.app, 'POST', '/api/v1/team-invitations/accept', { token }, as(alias));
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { change } = accepted.json() as { change: string };
    // A member, but the refunds' approval is not theirs yet.
    expect(await permissionsOf(alias)).toEqual([]);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/donations', undefined, as(alias))).statusCode).toBe(403);

    const team = await teamAs(second);
    const joined = team.members.find((m) => m.id === alias.user.id);
    expect(joined).toMatchObject({ invited_by: 'Lúcia Alves', permissions: [] });
    expect(Date.parse(joined?.joined_at ?? '')).toBe(ctx.clock.now().getTime());
    expect(team.changes.find((c) => c.id === change)).toMatchObject({
      member_id: alias.user.id,
      before: [],
      permissions: ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_USERS'],
      requested_by: 'Lúcia Alves',
      can_decide: true,
    });
    expect((await decide(change, 'approve', lead)).json().code).toBe('team.change_own_approval');
    expect((await decide(change, 'approve', second)).statusCode).toBe(204);
    expect(await permissionsOf(alias)).toEqual(['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_USERS']);

    // Once a second admin let it approve, whoever reads a refund it approved sees who invited it and when.
    const donation = await cardDonation(ctx.app, await createCampaign(db()), 300_000);
    const asked = await call(
      ctx.app,
      'POST',
      `/api/v1/admin/donations/${donation}/refunds`,
      { amount: 300_000, reason: 'Pedido da doadora' },
      { token: lead.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(asked.json()).toMatchObject({ status: 'awaiting_approval', requested_by: 'Lúcia Alves', requester_joined: null });
    const approved = await call(ctx.app, 'POST', `/api/v1/admin/refunds/${asked.json().id}/approve`, undefined, as(alias));
    expect(approved.json()).toMatchObject({
      status: 'succeeded',
      decided_by: 'Lúcia Alves',
      decider_joined: { invited_by: 'Lúcia Alves', joined_at: joined?.joined_at },
    });
    const seen = adminDonationDetailSchema.parse(
      (await call(ctx.app, 'GET', `/api/v1/admin/donations/${donation}`, undefined, as(second))).json(),
    );
    expect(seen.refunds[0]?.decider_joined).toEqual({ invited_by: 'Lúcia Alves', joined_at: joined?.joined_at });
  });
});
