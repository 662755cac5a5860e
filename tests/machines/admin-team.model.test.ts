import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { acceptInvitationMachine, type AcceptInvitationContext } from '../../machines/admin/accept-invitation.machine';
import { teamMachine } from '../../machines/admin/team.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the team page and of the invitation's page: every transition replayed on a
 * live actor. The team page shows one screen at a time and reads the team again after each change;
 * a refused change keeps the team as it was with the server's reason. An invitation is accepted only
 * by a signed-in account (a visitor gets the prompt), and a refusal says why.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const team = {
  members: [
    {
      id: 'u1',
      name: 'Lúcia',
      email: 'lucia@semear.dev',
      permissions: ['MANAGE_TEAM' as const],
      invited_by: null,
      joined_at: null,
      second_factor: false,
      must_enrol_second_factor: false,
    },
  ],
  invitations: [],
  changes: [],
};
const lastManager = { status: 409, code: 'team.last_manager', messages: ['Alguém precisa continuar podendo gerenciar a equipe…'] };

describe('team page machine', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: team },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'list.retried' },
    { type: 'command.sent', command: { type: 'invite', input: { email: 'nova@semear.dev', permissions: ['MANAGE_CAMPAIGNS'] } } },
    { type: 'command.sent', command: { type: 'setPermissions', memberId: 'u1', permissions: [] } },
    { type: 'command.sent', command: { type: 'approve', changeId: 'c1' } },
    { type: 'xstate.done.actor.run', output: 'done' },
    { type: 'xstate.done.actor.run', output: 'waiting' },
    { type: 'xstate.error.actor.run', error: lastManager },
  ];
  const paths = pathsOf(teamMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(teamMachine, ['load', 'run']);
    const machine = teamMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof teamMachine>['context'];
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:saving')) expect(controls.calls('run').at(-1)).toEqual({ params: {}, command: context.sent });
      if (context.failure) expect(context.failure.messages).toEqual(lastManager.messages);
      // A change kept for a second admin is said as asked for, never as made.
      if (context.done === 'waiting')
        expect(path.steps.some((step) => 'output' in step.event && step.event.output === 'waiting')).toBe(true);
    });
    const saved = path.steps.filter((step) => step.event.type === 'xstate.done.actor.run').length;
    expect(controls.calls('load').length).toBeGreaterThanOrEqual(1 + saved);
    actor.stop();
  });
});

describe.each([
  ['a visitor', false],
  ['a signed-in account', true],
] as const)('invitation page: %s', (_name, signedIn) => {
  const token = 't'.repeat(43);
  const invitation = {
    email: 'nova@semear.dev',
    permissions: ['MANAGE_CAMPAIGNS' as const],
    invited_by: 'Lúcia',
    expires_at: '2026-12-02T12:00:00.000Z',
  };
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.lookUp', output: invitation },
    { type: 'xstate.error.actor.lookUp', error: { status: 404, messages: ['Este convite não vale mais…'] } },
    { type: 'xstate.error.actor.lookUp', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'invitation.retried' },
    { type: 'invitation.accepted' },
    { type: 'xstate.done.actor.act', output: null },
    { type: 'xstate.error.actor.act', error: { status: 403, messages: ['Este convite foi enviado para outro e-mail…'] } },
    { type: 'xstate.error.actor.act', error: { status: 404, messages: ['Este convite não vale mais…'] } },
  ];
  const paths = pathsOf(acceptInvitationMachine, { input: { token, signedIn }, events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_path, path) => {
    const controls = controllableActors(acceptInvitationMachine, ['lookUp', 'act']);
    const promptVisitor = vi.fn();
    const finished = vi.fn();
    const machine = acceptInvitationMachine.provide({ actors: controls.actors, actions: { promptVisitor, finished } });
    const actor = createActor(machine, { input: { token, signedIn } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as AcceptInvitationContext;
      const screens = ['state:loading', 'state:found', 'state:joined', 'state:notFound', 'state:unavailable'].filter((t) =>
        snapshot.hasTag(t),
      );
      expect(screens).toHaveLength(1);
      if (!signedIn) expect(snapshot.hasTag('state:accepting') || snapshot.hasTag('state:joined')).toBe(false);
      if (context.failure) expect(context.failure.status).toBe(403);
    });
    if (!signedIn && path.steps.some((step) => step.event.type === 'invitation.accepted')) expect(promptVisitor).toHaveBeenCalled();
    expect(finished).toHaveBeenCalledTimes(path.state.hasTag('state:joined') ? 1 : 0);
    actor.stop();
  });
});
