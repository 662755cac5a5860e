import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { SavedCard } from '../../contracts/cards';
import { cardsMachine } from '../../machines/cards/cards.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based test of /profile/cards' machine: every path the graph finds (set default, remove after
 * confirming, cancel, failures) is replayed on a live actor with controllable fakes.
 */
const card = (id: string, last4: string, isDefault: boolean): SavedCard => ({
  id,
  brand: 'visa',
  last4,
  exp_month: 12,
  exp_year: 2034,
  holder_name: 'MARIA DA SILVA',
  is_default: isDefault,
  created_at: '2026-11-01T12:00:00.000Z',
});
const cards = [card('a', '1111', true), card('b', '4444', false)];
const afterDefault = [card('b', '4444', true), card('a', '1111', false)];
const afterRemoval = [card('b', '4444', true)];
const failure = new Error('network');

const events: GraphEvent[] = [
  { type: 'card.defaultRequested', id: 'b' },
  { type: 'card.defaultRequested', id: 'a' },
  { type: 'card.removeRequested', id: 'a' },
  { type: 'xstate.done.actor.setDefault', output: afterDefault },
  { type: 'xstate.error.actor.setDefault', error: failure },
  { type: 'xstate.done.actor.confirmRemoval', output: undefined },
  { type: 'xstate.error.actor.confirmRemoval', error: new Error('confirm: cancelled') },
  { type: 'xstate.done.actor.removeCard', output: afterRemoval },
  { type: 'xstate.error.actor.removeCard', error: failure },
];
const actorNames = ['setDefault', 'confirmRemoval', 'removeCard'] as const;

const invariant = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as { cards: SavedCard[]; pendingId: string | null };
  // At most one default, and only a known card is ever being worked on.
  expect(context.cards.filter((c) => c.is_default).length).toBeLessThanOrEqual(1);
  if (snapshot.hasTag('state:idle')) expect(context.pendingId).toBeNull();
  else expect(context.cards.some((c) => c.id === context.pendingId)).toBe(true);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('cards machine model', () => {
  const paths = pathsOf(cardsMachine, {
    input: { cards },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context]),
  });

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...values].sort()).toEqual(['"confirmingRemoval"', '"idle"', '"removing"', '"settingDefault"']);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(cardsMachine, actorNames);
    const spies = { defaultSet: vi.fn(), removed: vi.fn(), failed: vi.fn() };
    const machine = cardsMachine.provide({
      actors: controls.actors,
      actions: {
        defaultSet: (_, params) => spies.defaultSet(params),
        removed: () => spies.removed(),
        failed: (_, params) => spies.failed(params),
      },
    });
    const actor = createActor(machine, { input: { cards } }).start();
    await replayPath(actor, machine, path, controls, invariant);
    const types = path.steps.map((s) => s.event.type);
    // Failures are reported, a cancelled confirmation is not; each success is said once.
    expect(spies.failed).toHaveBeenCalledTimes(
      types.filter((t) => t === 'xstate.error.actor.setDefault' || t === 'xstate.error.actor.removeCard').length,
    );
    expect(spies.defaultSet).toHaveBeenCalledTimes(types.filter((t) => t === 'xstate.done.actor.setDefault').length);
    expect(spies.removed).toHaveBeenCalledTimes(types.filter((t) => t === 'xstate.done.actor.removeCard').length);
    // The card being removed is the one the donor picked, only after confirming.
    expect(controls.calls('removeCard').length).toBe(types.filter((t) => t === 'xstate.done.actor.confirmRemoval').length);
    actor.stop();
  });

  it('asking to make the default card the default does nothing', () => {
    const actor = createActor(cardsMachine, { input: { cards } }).start();
    actor.send({ type: 'card.defaultRequested', id: 'a' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'card.removeRequested', id: 'unknown' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
