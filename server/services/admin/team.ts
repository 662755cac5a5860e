import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import { INVITATION_VALID_DAYS, type Team, type TeamInviteInput } from '../../../contracts/admin-team';
import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { PERMISSIONS, type Permission } from '../../../contracts/permissions';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens';
import { permissions, roles, teamInvitations, userPermissions, userRoles, users } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, forbidden, notFound } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { enqueueMail } from '../mail/mail-outbox';
import { recordAudit, type AdminActor } from './audit-log';
import { teamInviteMail } from './team-mail';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Permissions in the contracts' order, whatever order they were stored or sent in. */
const ordered = (names: readonly string[]): Permission[] => PERMISSIONS.filter((p) => names.includes(p));

async function roleId(tx: Executor, name: string): Promise<string> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`reference data missing: role ${name}`);
  return row.id;
}

/** The members: every open account with the ADMIN role (a closed one manages nothing), with their permissions. */
async function members(tx: Executor): Promise<Team['members']> {
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, 'ADMIN')))
    .where(eq(users.active, true))
    .orderBy(asc(users.name));
  const grants = rows.length
    ? await tx
        .select({ userId: userPermissions.userId, name: permissions.name })
        .from(userPermissions)
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(
          inArray(
            userPermissions.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({ ...row, permissions: ordered(grants.filter((g) => g.userId === row.id).map((g) => g.name)) }));
}

async function memberById(tx: Executor, id: string) {
  const member = (await members(tx)).find((m) => m.id === id);
  if (!member) throw notFound(errorCodes.notFound, am.memberNotFound);
  return member;
}

async function setPermissionsOf(tx: Executor, userId: string, names: readonly Permission[]): Promise<void> {
  await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (names.length === 0) return;
  const rows = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await tx.insert(userPermissions).values(rows.map((p) => ({ userId, permissionId: p.id })));
}

/**
 * Someone must stay able to manage the team: taking MANAGE_TEAM from `memberId` is refused when no
 * other admin has it. The MANAGE_TEAM row is locked first, so two admins taking it from each other at
 * once are serialised and the second one is refused.
 */
async function keepATeamManager(tx: Executor, memberId: string, losesTeam: boolean): Promise<void> {
  if (!losesTeam) return;
  await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'MANAGE_TEAM')).for('update');
  const others = (await members(tx)).filter((m) => m.id !== memberId && m.permissions.includes('MANAGE_TEAM'));
  if (others.length === 0) throw conflict(errorCodes.teamLastManager, am.lastTeamManager);
}

const openInvitation = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

export interface TeamDeps {
  db: Database;
  translator: Translator;
  publicUrl: string;
  now: () => Date;
}

/** The admin team (docs/admin.md): members, permissions and invitations, every change audited. */
export function createTeamService({ db, translator, publicUrl, now }: TeamDeps) {
  return {
    async team(): Promise<Team> {
      const open = await db
        .select({ invitation: teamInvitations, inviter: users.name })
        .from(teamInvitations)
        .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
        .where(openInvitation(now()))
        .orderBy(asc(teamInvitations.createdAt));
      return {
        members: await members(db),
        invitations: open.map(({ invitation, inviter }) => ({
          id: invitation.id,
          email: invitation.email,
          permissions: ordered(invitation.permissions),
          invited_by: inviter,
          expires_at: invitation.expiresAt.toISOString(),
        })),
      };
    },

    /** Invites `email` with `permissions`; the e-mail goes with the change. Resolves with the invitation's id. */
    invite: (actor: AdminActor, input: { email: string; permissions: TeamInviteInput['permissions'] }, locale: Locale) =>
      db.transaction(async (tx) => {
        if ((await members(tx)).some((m) => m.email.toLowerCase() === input.email))
          throw conflict(errorCodes.teamAlreadyMember, am.inviteEmailMember);
        const token = newOpaqueToken();
        const at = now();
        const expiresAt = new Date(at.getTime() + INVITATION_VALID_DAYS * DAY_MS);
        const perms = ordered(input.permissions);
        const [row] = await tx
          .insert(teamInvitations)
          .values({
            email: input.email,
            permissions: perms,
            tokenHash: hashOpaqueToken(token),
            invitedBy: actor.userId,
            createdAt: at,
            expiresAt,
          })
          .returning({ id: teamInvitations.id });
        const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
        const link = `${publicUrl}/convite-equipe?token=${encodeURIComponent(token)}`;
        await enqueueMail(
          tx,
          teamInviteMail(translator, locale, { to: input.email, inviter: inviter?.name ?? null, link, expiresAt, permissions: perms }),
          at,
        );
        await recordAudit(
          tx,
          actor,
          { action: 'member.invited', subject: { type: 'member', id: input.email }, after: { permissions: perms } },
          at,
        );
        return row!.id;
      }),

    revokeInvitation: (actor: AdminActor, id: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(teamInvitations)
          .set({ revokedAt: now() })
          .where(and(eq(teamInvitations.id, id), openInvitation(now())))
          .returning();
        if (!row) throw notFound(errorCodes.notFound, am.inviteNotFound);
        await recordAudit(
          tx,
          actor,
          { action: 'member.invitation_revoked', subject: { type: 'member', id: row.email }, before: { permissions: row.permissions } },
          now(),
        );
      }),

    setPermissions: (actor: AdminActor, memberId: string, next: readonly Permission[]) =>
      db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        const after = ordered(next);
        await keepATeamManager(tx, memberId, member.permissions.includes('MANAGE_TEAM') && !after.includes('MANAGE_TEAM'));
        await setPermissionsOf(tx, memberId, after);
        await recordAudit(
          tx,
          actor,
          {
            action: 'member.permissions_changed',
            subject: { type: 'member', id: memberId },
            before: { permissions: member.permissions },
            after: { permissions: after },
          },
          now(),
        );
      }),

    /** Takes the ADMIN role and every permission away: the person stays a donor. */
    removeMember: (actor: AdminActor, memberId: string) =>
      db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        await keepATeamManager(tx, memberId, member.permissions.includes('MANAGE_TEAM'));
        await setPermissionsOf(tx, memberId, []);
        await tx.delete(userRoles).where(and(eq(userRoles.userId, memberId), eq(userRoles.roleId, await roleId(tx, 'ADMIN'))));
        await recordAudit(
          tx,
          actor,
          {
            action: 'member.removed',
            subject: { type: 'member', id: memberId },
            before: { email: member.email, permissions: member.permissions },
          },
          now(),
        );
      }),

    /** What an open invitation's page shows; null when it is not open (expired, used, revoked, unknown). */
    async preview(token: string) {
      const [found] = await db
        .select({ invitation: teamInvitations, inviter: users.name })
        .from(teamInvitations)
        .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
        .where(and(eq(teamInvitations.tokenHash, hashOpaqueToken(token)), openInvitation(now())));
      if (!found) return null;
      const { invitation, inviter } = found;
      return {
        email: invitation.email,
        permissions: ordered(invitation.permissions),
        invited_by: inviter,
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /** The signed-in account with the invited e-mail joins the team with the invitation's permissions (once). */
    accept: (userId: string, token: string, ip: string) =>
      db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
        if (!user) throw notFound(errorCodes.notFound, am.inviteNotFound);
        const [invitation] = await tx
          .select()
          .from(teamInvitations)
          .where(and(eq(teamInvitations.tokenHash, hashOpaqueToken(token)), openInvitation(now())))
          .for('update');
        if (!invitation) throw notFound(errorCodes.notFound, am.inviteNotFound);
        if (invitation.email !== user.email.toLowerCase()) throw forbidden(errorCodes.forbidden, am.inviteOtherEmail);
        const current = (await members(tx)).find((m) => m.id === user.id)?.permissions ?? [];
        const joined = ordered([...current, ...invitation.permissions]);
        await tx
          .insert(userRoles)
          .values({ userId: user.id, roleId: await roleId(tx, 'ADMIN') })
          .onConflictDoNothing();
        await setPermissionsOf(tx, user.id, joined);
        await tx.update(teamInvitations).set({ acceptedAt: now(), acceptedBy: user.id }).where(eq(teamInvitations.id, invitation.id));
        await recordAudit(
          tx,
          { userId: user.id, ip },
          {
            action: 'member.joined',
            subject: { type: 'member', id: user.id },
            before: { permissions: current },
            after: { permissions: joined, invitation: invitation.id },
          },
          now(),
        );
      }),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
