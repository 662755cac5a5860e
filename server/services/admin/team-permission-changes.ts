import { and, asc, eq } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { TeamPermissionChange } from '../../../contracts/admin-team';
import { errorCodes } from '../../../contracts/errors';
import type { Permission } from '../../../contracts/permissions';
import { teamPermissionChanges } from '../../db/schema';
import type { Executor } from '../../db/types';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from './audit-log';
import { keepATeamManager, ordered, permissionsOf, setPermissionsOf } from './team-members';
import { decisionPeople, peopleOf } from './people';

/**
 * The team's own four eyes (docs/admin.md, The team): nobody changes their own permissions, nobody
 * grants what they do not hold, and a grant that lets the member approve something (refunds, PIX keys,
 * payout accounts, the team) waits here until another admin approves it.
 */

/** Refuses giving anything `holder` does not hold: what `after` adds over `before` must be theirs already. */
export function onlyHeldGranted(holder: readonly Permission[], before: readonly Permission[], after: readonly Permission[]): void {
  if (after.some((p) => !before.includes(p) && !holder.includes(p))) throw forbidden(errorCodes.teamGrantNotHeld, am.grantNotHeld);
}

type ChangeRow = typeof teamPermissionChanges.$inferSelect;

/**
 * Why `viewer` may not decide the change now (the error to answer), or null when they may: it must be
 * waiting, be neither theirs nor for them, and give only what they hold. The list tells each admin the same.
 */
export function teamChangeRefusal(row: ChangeRow, viewer: { id: string; permissions: readonly Permission[] }) {
  if (row.status !== 'pending_approval') return conflict(errorCodes.teamChangeNotPending, am.teamChangeNotPending);
  if (row.requestedBy === viewer.id || row.memberId === viewer.id)
    return forbidden(errorCodes.teamChangeOwnApproval, am.teamChangeOwnApproval);
  if (row.permissions.some((p) => !row.before.includes(p) && !viewer.permissions.includes(p)))
    return forbidden(errorCodes.teamGrantNotHeld, am.grantNotHeld);
  return null;
}

/** Any change to a member's permissions replaces the one waiting for them: it was asked over a set that no longer holds. */
export const supersedeWaiting = (tx: Executor, memberId: string, at: Date) =>
  tx
    .update(teamPermissionChanges)
    .set({ status: 'inactive', decidedAt: at })
    .where(and(eq(teamPermissionChanges.memberId, memberId), eq(teamPermissionChanges.status, 'pending_approval')));

/**
 * Writes a grant that waits for a second admin (and its audit entry, by `actor`); resolves with its id.
 * `requestedBy` is who asked: the actor, or the inviter when the invitation's acceptance makes the request.
 */
export async function requestChange(
  tx: Executor,
  actor: AdminActor,
  change: { memberId: string; before: Permission[]; permissions: Permission[]; requestedBy: string | null; invitationId?: string },
  at: Date,
): Promise<string> {
  await supersedeWaiting(tx, change.memberId, at);
  const [row] = await tx
    .insert(teamPermissionChanges)
    .values({ ...change, createdAt: at })
    .returning({ id: teamPermissionChanges.id });
  await recordAudit(
    tx,
    actor,
    {
      action: 'member.permissions_requested',
      subject: { type: 'member', id: change.memberId },
      before: { permissions: change.before },
      after: { permissions: change.permissions, change: row!.id, ...(change.invitationId ? { invitation: change.invitationId } : {}) },
    },
    at,
  );
  return row!.id;
}

/** The changes waiting for a second admin, oldest first, as `viewerId` sees them. */
export async function waitingChanges(tx: Executor, viewerId: string): Promise<TeamPermissionChange[]> {
  const rows = await tx
    .select()
    .from(teamPermissionChanges)
    .where(eq(teamPermissionChanges.status, 'pending_approval'))
    .orderBy(asc(teamPermissionChanges.createdAt));
  if (rows.length === 0) return [];
  const people = await peopleOf(
    tx,
    rows.map((r) => r.requestedBy),
  );
  const viewer = { id: viewerId, permissions: await permissionsOf(tx, viewerId) };
  return rows.map((row) => ({
    id: row.id,
    member_id: row.memberId,
    before: ordered(row.before),
    permissions: ordered(row.permissions),
    ...decisionPeople({ requestedBy: row.requestedBy, decidedBy: null }, people, viewerId),
    can_decide: teamChangeRefusal(row, viewer) === null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Another admin's decision: approved, the member gets the set asked for, if they still have the set it was asked over. */
export async function decideChange(tx: Executor, actor: AdminActor, id: string, approve: boolean, at: Date): Promise<void> {
  const [row] = await tx.select().from(teamPermissionChanges).where(eq(teamPermissionChanges.id, id)).for('update');
  if (!row) throw notFound(errorCodes.teamChangeNotFound, am.teamChangeNotFound);
  const refusal = teamChangeRefusal(row, { id: actor.userId, permissions: await permissionsOf(tx, actor.userId) });
  if (refusal) throw refusal;
  const current = await permissionsOf(tx, row.memberId);
  const after = ordered(row.permissions);
  if (approve) {
    if (current.join() !== ordered(row.before).join()) throw conflict(errorCodes.teamChangeOutdated, am.teamChangeOutdated);
    await keepATeamManager(tx, row.memberId, current.includes('MANAGE_TEAM') && !after.includes('MANAGE_TEAM'));
    await setPermissionsOf(tx, row.memberId, after);
  }
  await tx
    .update(teamPermissionChanges)
    .set({ status: approve ? 'active' : 'rejected', decidedBy: actor.userId, decidedAt: at })
    .where(eq(teamPermissionChanges.id, id));
  await recordAudit(
    tx,
    actor,
    {
      action: approve ? 'member.permissions_approved' : 'member.permissions_rejected',
      subject: { type: 'member', id: row.memberId },
      before: { permissions: current },
      after: { permissions: approve ? after : current, change: id },
    },
    at,
  );
}
