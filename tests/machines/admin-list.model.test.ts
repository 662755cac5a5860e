import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { createListMachine } from '../../machines/admin/list-machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based test of the one admin list shape, on a page that uses every option (asks to confirm a
 * `drop`, refuses a `noop`, reopens with other params, dismisses part of `done`): every transition
 * replayed on a live actor. One screen at a time; what runs is the command sent (or confirmed), with
 * the params; nothing asked to be confirmed runs unconfirmed; a refusal keeps the data with its reason.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Command = { type: 'add'; name: string } | { type: 'drop'; name: string } | { type: 'noop' };
const machine = createListMachine({
  id: 'list',
  params: { page: 1 },
  data: { names: [] as string[], note: 'none' },
  accepts: (command: Command) => command.type !== 'noop',
  confirms: (command) => command.type === 'drop',
  reopened: (data) => ({ ...data, note: 'reopened' }),
  doneOf: (command: Command, shown: string | null) => ({ command: command.type, shown }),
  dismissed: (done) => ({ ...done, shown: null }),
});
type Context = SnapshotFrom<typeof machine>['context'];

const refused = { status: 409, code: 'list.refused', messages: ['Não deu.'] };
const drop = { type: 'drop', name: 'a' } as const;
const events: GraphEvent[] = [
  { type: 'xstate.done.actor.load', output: { names: ['a'], note: 'loaded' } },
  { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'list.retried' },
  { type: 'list.opened', params: { page: 2 } },
  { type: 'command.sent', command: { type: 'add', name: 'b' } },
  { type: 'command.sent', command: drop },
  { type: 'command.sent', command: { type: 'noop' } },
  { type: 'xstate.done.actor.confirm', output: drop },
  { type: 'xstate.error.actor.confirm', error: new Error('stepped back') },
  { type: 'xstate.done.actor.run', output: 'shown once' },
  { type: 'xstate.error.actor.run', error: refused },
  { type: 'done.dismissed' },
];

describe('admin list machine (createListMachine)', () => {
  const paths = pathsOf(machine, { input: {}, events });

  it('reaches every state the pages rely on', () => {
    const tags = new Set(paths.flatMap((path) => path.steps.flatMap((step) => [...step.state.tags])));
    expect([...tags].sort()).toEqual(['state:confirming', 'state:loading', 'state:ready', 'state:saving', 'state:unavailable']);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(machine, ['load', 'confirm', 'run']);
    const actor = createActor(machine.provide({ actors: controls.actors }), { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as Context;
      expect(['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      if (snapshot.hasTag('state:confirming')) expect(context.sent).toEqual(drop);
      if (snapshot.hasTag('state:saving')) expect(controls.calls('run').at(-1)).toEqual({ params: context.params, command: context.sent });
      if (!snapshot.hasTag('state:saving') && !snapshot.hasTag('state:confirming')) expect(context.sent).toBeNull();
      if (context.failure) expect([context.failure.messages, context.done]).toEqual([refused.messages, null]);
    });
    // Nothing that asks to be confirmed runs unconfirmed, and a refused command never runs.
    const runs = controls.calls('run') as Array<{ command: Command }>;
    const confirmed = path.steps.filter((step) => step.event.type === 'xstate.done.actor.confirm').length;
    expect(runs.filter((run) => run.command.type === 'drop')).toHaveLength(confirmed);
    expect(runs.some((run) => run.command.type === 'noop')).toBe(false);
    // Every load reads with the params of its time; a change that went through is followed by a load.
    const loads = controls.calls('load') as Array<{ params: { page: number } }>;
    const saved = path.steps.filter((step) => step.event.type === 'xstate.done.actor.run').length;
    expect(loads.length).toBeGreaterThanOrEqual(1 + saved);
    expect(loads[0]).toEqual({ params: { page: 1 } });
    actor.stop();
  });
});
