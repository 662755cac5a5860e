import type { Team, TeamInviteInput } from '../../contracts/admin-team';
import type { Permission } from '../../contracts/permissions';
import { createListMachine, type ListEvent } from './list-machine';

/**
 * /admin/team (docs/admin.md): the members and the open invitations, and each change to them, in the
 * shape of `createListMachine` (loading → ready → saving → loading; a refused change keeps the team with
 * its reason, e.g. 'Alguém precisa continuar podendo…'; `list.retried` after a failed read).
 *
 * `run` answers 'waiting' when the change waits for a second admin (a grant that lets the member approve
 * something): `done` is then 'waiting', so the page says it is asked for, not made.
 */

export type TeamCommand =
  | { type: 'invite'; input: TeamInviteInput }
  | { type: 'revoke'; invitationId: string }
  | { type: 'setPermissions'; memberId: string; permissions: Permission[] }
  | { type: 'remove'; memberId: string }
  | { type: 'approve'; changeId: string }
  | { type: 'reject'; changeId: string };

/** What `run` answers: the change is in force, or waits for another admin. */
export type TeamRunOutcome = 'done' | 'waiting';

/** The last change that went through, or `waiting` for one asked for (the page says so, and closes its form). */
export type TeamDone = TeamCommand['type'] | 'waiting';

const noTeam: Team = { members: [], invitations: [], changes: [] };

export const teamMachine = createListMachine({
  id: 'team',
  params: {},
  data: noTeam,
  doneOf: (command: TeamCommand, outcome: TeamRunOutcome): TeamDone => (outcome === 'waiting' ? 'waiting' : command.type),
});

export type TeamMachine = typeof teamMachine;
export type TeamEvent = ListEvent<object, TeamCommand>;
