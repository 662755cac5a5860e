import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { balanceMachine, type BalanceContext, type BalanceInput } from '../../machines/wallet/balance.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based test: paths from the balance machine's graph (loads that succeed or fail, realtime
 * updates before and after, hide/show), replayed on a live actor with controllable fakes. After
 * every step the live snapshot must match the graph's and keep the balance's rules.
 */

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.loadBalance', output: 12_000 },
  { type: 'xstate.error.actor.loadBalance', error: new Error('503') },
  { type: 'balance.updated', balance: 4_500 },
  { type: 'balance.updated', balance: 0 },
  { type: 'balance.toggled' },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each([
  ['first visit (visible by default)', { userId: 'user-1' }],
  ['the donor hid it last time', { userId: 'user-1', visible: false }],
] as const)('balance model: %s', (_name, input: BalanceInput) => {
  const paths = pathsOf(balanceMachine, { input, events });

  it('reaches every combination of loading/known and visible/hidden, and both failure and realtime', () => {
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(states.size).toBe(4);
    const taken = paths.flatMap((p) => p.steps.map((s) => s.event.type));
    expect(taken).toEqual(
      expect.arrayContaining(['xstate.error.actor.loadBalance', 'xstate.done.actor.loadBalance', 'balance.updated', 'balance.toggled']),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(balanceMachine, ['loadBalance']);
    const subscribed: string[] = [];
    const remembered: boolean[] = [];
    const machine = balanceMachine.provide({
      actors: {
        ...controls.actors,
        realtimeBalance: fromCallback(({ input }: { input: { userId: string } }) => void subscribed.push(input.userId)),
      },
      actions: { rememberVisibility: (_, { visible }) => void remembered.push(visible) },
    });
    const actor = createActor(machine, { input }).start();
    const invariant = (snapshot: AnyMachineSnapshot) => {
      const { balance } = snapshot.context as BalanceContext;
      // null means loading, and only then (docs/spec.md §4).
      expect(balance === null).toBe(snapshot.hasTag('state:loading'));
      // One visibility at a time; what was stored last is what is shown.
      expect(snapshot.hasTag('state:visible')).not.toBe(snapshot.hasTag('state:hidden'));
      if (remembered.length > 0) expect(remembered.at(-1)).toBe(snapshot.hasTag('state:visible'));
      // One realtime subscription, to this donor's channel, for the whole run.
      expect(subscribed).toEqual(['user-1']);
    };
    await replayPath(actor, machine, path, controls, invariant);
    actor.stop();
  });
});
