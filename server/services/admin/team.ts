import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import { INVITATION_VALID_DAYS, type Team, type TeamInviteInput } from '../../../contracts/admin-team';
import type { Locale } from '../../../contracts/constants';
import { errorCodes } from '../../../contracts/errors';
import { grantNeedsSecondAdmin, holdsMoneyPermission, type Permission } from '../../../contracts/permissions';
import { hasSecondFactor, usersWithSecondFactor } from '../../auth/second-factor-status';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens';
import { teamInvitations, userRoles, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { conflict, forbidden, notFound } from '../../domain/errors';
import type { Translator } from '../../i18n/translator';
import { enqueueMail } from '../mail/mail-outbox';
import { recordAudit, type AdminActor } from './audit-log';
import { teamInviteMail } from './team-mail';
import { keepATeamManager, memberById, members, ordered, permissionsOf, roleId, setPermissionsOf } from './team-members';
import { decideChange, onlyHeldGranted, requestChange, supersedeWaiting, waitingChanges } from './team-permission-changes';

const DAY_MS = 24 * 60 * 60 * 1000;

const openInvitation = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

export interface TeamDeps {
  db: Database;
  translator: Translator;
  publicUrl: string;
  now: () => Date;
  /** With `required`, a money permission is of no use until its holder enrols a second factor (docs/security.md). */
  adminSecondFactor: 'required' | 'optional';
}

/** The admin team (docs/admin.md): members, permissions and invitations, every change audited. */
export function createTeamService({ db, translator, publicUrl, now, adminSecondFactor }: TeamDeps) {
  const mustEnrol = (permissions: readonly Permission[], enrolled: boolean) =>
    adminSecondFactor === 'required' && holdsMoneyPermission(permissions) && !enrolled;
  return {
    /** The account (by id; null: none yet) holding `permissions` would have to enrol a second factor before acting. */
    async mustEnrolSecondFactor(userId: string | null, permissions: readonly Permission[]): Promise<boolean> {
      if (!mustEnrol(permissions, false)) return false;
      return userId === null || !(await hasSecondFactor(db, userId));
    },

    /** The account of an e-mail address, if there is one (an invitation's). */
    accountIdOf: async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null,

    /** A member's current permissions, for the routes that ask more of a grant than of a withdrawal. */
    permissionsOfMember: async (memberId: string) => (await memberById(db, memberId)).permissions,

    async team(viewerId: string): Promise<Team> {
      const open = await db
        .select({ invitation: teamInvitations, inviter: users.name })
        .from(teamInvitations)
        .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
        .where(openInvitation(now()))
        .orderBy(asc(teamInvitations.createdAt));
      const list = await members(db);
      const enrolled = await usersWithSecondFactor(
        db,
        list.map((m) => m.id),
      );
      return {
        members: list.map((m) => ({
          ...m,
          second_factor: enrolled.has(m.id),
          must_enrol_second_factor: mustEnrol(m.permissions, enrolled.has(m.id)),
        })),
        invitations: open.map(({ invitation, inviter }) => ({
          id: invitation.id,
          email: invitation.email,
          permissions: ordered(invitation.permissions),
          invited_by: inviter,
          expires_at: invitation.expiresAt.toISOString(),
        })),
        changes: await waitingChanges(db, viewerId),
      };
    },

    /** Invites `email` with `permissions`; the e-mail goes with the change. Resolves with the invitation's id. */
    invite: (actor: AdminActor, input: { email: string; permissions: TeamInviteInput['permissions'] }, locale: Locale) =>
      db.transaction(async (tx) => {
        if ((await members(tx)).some((m) => m.email.toLowerCase() === input.email))
          throw conflict(errorCodes.teamAlreadyMember, am.inviteEmailMember);
        onlyHeldGranted(await permissionsOf(tx, actor.userId), [], input.permissions);
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

    /**
     * Another member's whole set of permissions: given at once, or, when it lets them approve something,
     * waiting for a second admin (resolves with that change's id; null when in force now).
     */
    setPermissions: (actor: AdminActor, memberId: string, next: readonly Permission[]) =>
      db.transaction(async (tx): Promise<string | null> => {
        if (memberId === actor.userId) throw forbidden(errorCodes.teamOwnPermissions, am.ownPermissions);
        const member = await memberById(tx, memberId);
        const after = ordered(next);
        onlyHeldGranted(await permissionsOf(tx, actor.userId), member.permissions, after);
        if (grantNeedsSecondAdmin(member.permissions, after))
          return requestChange(tx, actor, { memberId, before: member.permissions, permissions: after, requestedBy: actor.userId }, now());
        await keepATeamManager(tx, memberId, member.permissions.includes('MANAGE_TEAM') && !after.includes('MANAGE_TEAM'));
        await supersedeWaiting(tx, memberId, now());
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
        return null;
      }),

    /** A second admin approves or rejects a change waiting for them (never their own, nor one for themselves). */
    decideChange: (actor: AdminActor, changeId: string, approve: boolean) =>
      db.transaction((tx) => decideChange(tx, actor, changeId, approve, now())),

    /** Takes the ADMIN role and every permission away: the person stays a donor. */
    removeMember: (actor: AdminActor, memberId: string) =>
      db.transaction(async (tx) => {
        const member = await memberById(tx, memberId);
        await keepATeamManager(tx, memberId, member.permissions.includes('MANAGE_TEAM'));
        await supersedeWaiting(tx, memberId, now());
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
        const current = await permissionsOf(tx, user.id);
        const joined = ordered([...current, ...invitation.permissions]);
        await tx
          .insert(userRoles)
          .values({ userId: user.id, roleId: await roleId(tx, 'ADMIN') })
          .onConflictDoNothing();
        await tx.update(teamInvitations).set({ acceptedAt: now(), acceptedBy: user.id }).where(eq(teamInvitations.id, invitation.id));
        // A grant that lets the newcomer approve something waits for an admin other than the inviter.
        const waits = grantNeedsSecondAdmin(current, joined);
        if (!waits) {
          await supersedeWaiting(tx, user.id, now());
          await setPermissionsOf(tx, user.id, joined);
        }
        await recordAudit(
          tx,
          { userId: user.id, ip },
          {
            action: 'member.joined',
            subject: { type: 'member', id: user.id },
            before: { permissions: current },
            after: { permissions: waits ? current : joined, invitation: invitation.id },
          },
          now(),
        );
        if (!waits) return null;
        return requestChange(
          tx,
          { userId: user.id, ip },
          { memberId: user.id, before: current, permissions: joined, requestedBy: invitation.invitedBy, invitationId: invitation.id },
          now(),
        );
      }),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
