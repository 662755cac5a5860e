import { assign, fromPromise, setup } from 'xstate';
import type { Team, TeamInviteInput } from '../../contracts/admin-team';
import type { Permission } from '../../contracts/permissions';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * /admin/team (docs/admin.md): the members and the open invitations, and each change to them.
 *
 *   loading ─► ready ──command.sent──► saving ─► loading (the team as the server has it now)
 *      │         ▲                       │
 *      ▼         └── a refused change ◄──┘ (its reason shown: 'Alguém precisa continuar podendo…')
 *   unavailable ──team.retried──► loading
 *
 * Pure: `load` (GET /admin/team) and `run` (the change) come in with `.provide()`. `run` answers
 * 'waiting' when the change waits for a second admin (a grant that lets the member approve something),
 * so the page says it is asked for, not made.
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

export interface TeamContext {
  team: Team;
  pending: TeamCommand | null;
  failure: FormFailure | null;
  /** The last change that went through, or `waiting` for one asked for (the page says so, and closes its form). */
  done: TeamCommand['type'] | 'waiting' | null;
}

export type TeamEvent = { type: 'command.sent'; command: TeamCommand } | { type: 'team.retried' };

export const teamMachine = setup({
  types: { context: {} as TeamContext, events: {} as TeamEvent },
  actors: {
    load: fromPromise<Team>(async () => {
      throw new Error('team: load not provided');
    }),
    run: fromPromise<TeamRunOutcome, TeamCommand>(async () => {
      throw new Error('team: run not provided');
    }),
  },
}).createMachine({
  id: 'team',
  context: { team: { members: [], invitations: [], changes: [] }, pending: null, failure: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ team: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: { tags: ['state:unavailable'], on: { 'team.retried': 'loading' } },
    ready: {
      tags: ['state:ready'],
      on: { 'command.sent': { target: 'saving', actions: assign({ pending: ({ event }) => event.command, failure: null, done: null }) } },
    },
    saving: {
      tags: ['state:ready', 'state:saving'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'loading',
          actions: assign({
            done: ({ context, event }) => (event.output === 'waiting' ? 'waiting' : (context.pending?.type ?? null)),
            pending: null,
          }),
        },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
      },
    },
  },
});

export type TeamMachine = typeof teamMachine;
