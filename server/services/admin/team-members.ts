import { and, asc, eq, inArray } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { TeamMember as PresentedMember } from '../../../contracts/admin-team';
import { errorCodes } from '../../../contracts/errors';
import { PERMISSIONS, type Permission } from '../../../contracts/permissions';
import { permissions, roles, userPermissions, userRoles, users } from '../../db/schema';
import type { Executor } from '../../db/types';
import { conflict, notFound } from '../../domain/errors';
import { teamEntriesOf } from './people';

/** A member as the team's queries read them; the second-factor flags are added where the team is shown (team.ts). */
export type TeamMember = Omit<PresentedMember, 'second_factor' | 'must_enrol_second_factor'>;

/** Permissions in the contracts' order, whatever order they were stored or sent in. */
export const ordered = (names: readonly string[]): Permission[] => PERMISSIONS.filter((p) => names.includes(p));

export async function roleId(tx: Executor, name: string): Promise<string> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`reference data missing: role ${name}`);
  return row.id;
}

/** The members: every open account with the ADMIN role (a closed one manages nothing), with their permissions. */
export async function members(tx: Executor): Promise<TeamMember[]> {
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, 'ADMIN')))
    .where(eq(users.active, true))
    .orderBy(asc(users.name));
  const ids = rows.map((r) => r.id);
  const grants = ids.length
    ? await tx
        .select({ userId: userPermissions.userId, name: permissions.name })
        .from(userPermissions)
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(inArray(userPermissions.userId, ids))
    : [];
  const entries = await teamEntriesOf(tx, ids);
  return rows.map((row) => ({
    ...row,
    permissions: ordered(grants.filter((g) => g.userId === row.id).map((g) => g.name)),
    invited_by: entries.get(row.id)?.invited_by ?? null,
    joined_at: entries.get(row.id)?.joined_at ?? null,
  }));
}

export async function memberById(tx: Executor, id: string): Promise<TeamMember> {
  const member = (await members(tx)).find((m) => m.id === id);
  if (!member) throw notFound(errorCodes.notFound, am.memberNotFound);
  return member;
}

/** The permissions an account holds now (none when it is not a member). */
export const permissionsOf = async (tx: Executor, userId: string): Promise<Permission[]> =>
  (await members(tx)).find((m) => m.id === userId)?.permissions ?? [];

export async function setPermissionsOf(tx: Executor, userId: string, names: readonly Permission[]): Promise<void> {
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
export async function keepATeamManager(tx: Executor, memberId: string, losesTeam: boolean): Promise<void> {
  if (!losesTeam) return;
  await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'MANAGE_TEAM')).for('update');
  const others = (await members(tx)).filter((m) => m.id !== memberId && m.permissions.includes('MANAGE_TEAM'));
  if (others.length === 0) throw conflict(errorCodes.teamLastManager, am.lastTeamManager);
}
