import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { approvalsMachine } from '../../machines/admin/approvals.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the changes that need a second admin (issue 14: PIX keys, payout accounts): every
 * transition replayed. A change reloads the list; a refused one (one's own approval) keeps it with the reason.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const own = {
  status: 403,
  code: 'pix.change_own_approval',
  messages: ['Outra pessoa da equipe precisa aprovar a mudança que você pediu.'],
};

describe('approvals machine', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: [{ id: 'k1', status: 'pending_approval', can_decide: true, requested_by_me: false }] },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'list.retried' },
    { type: 'command.sent', command: { type: 'request', input: { type: 'cpf', key: '52998224725' } } },
    { type: 'command.sent', command: { type: 'approve', id: 'k1' } },
    { type: 'xstate.done.actor.run', output: null },
    { type: 'xstate.error.actor.run', error: own },
  ];
  const paths = pathsOf(approvalsMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(approvalsMachine, ['load', 'run']);
    const machine = approvalsMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof approvalsMachine>['context'];
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:saving')) expect(controls.calls('run').at(-1)).toEqual({ params: {}, command: context.sent });
      if (context.failure) expect(context.failure.messages).toEqual(own.messages);
    });
    const done = path.steps.filter((step) => step.event.type === 'xstate.done.actor.run').length;
    expect(controls.calls('load').length).toBeGreaterThanOrEqual(1 + done);
    actor.stop();
  });
});
