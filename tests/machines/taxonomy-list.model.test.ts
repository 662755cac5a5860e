import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { movedOrder, taxonomyListMachine } from '../../machines/admin/taxonomy-list.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the admin's category and tag lists: every transition (loaded, unavailable and
 * retried, a change saved and the list read again, a change refused, a move that cannot happen)
 * replayed on a live actor. The page shows one screen at a time; a refused change leaves the list as
 * it was with the server's reason; a saved one is followed by reading the list again.
 */

const item = (slug: string, position: number) => ({ slug, name: slug, name_en: '', name_es: '', position, campaign_count: 0 });
const list = [item('saude', 1), item('educacao', 2), item('cultura', 3)];
const refused = { status: 409, code: 'category.in_use', messages: ['Esta categoria tem campanhas…'] };

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.load', output: list },
  { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'list.retried' },
  { type: 'command.sent', command: { type: 'create', input: { name: 'Meio ambiente' } } },
  { type: 'command.sent', command: { type: 'delete', slug: 'saude' } },
  { type: 'command.sent', command: { type: 'reorder', slugs: movedOrder(list, 'educacao', -1) } },
  { type: 'command.sent', command: { type: 'reorder', slugs: movedOrder(list, 'saude', -1) } },
  { type: 'xstate.done.actor.run', output: null },
  { type: 'xstate.error.actor.run', error: refused },
];

const paths = pathsOf(taxonomyListMachine, { events });

describe('admin taxonomy list machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(taxonomyListMachine, ['load', 'run']);
    const machine = taxonomyListMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: {} }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SnapshotFrom<typeof taxonomyListMachine>['context'];
      const screens = ['state:loading', 'state:unavailable', 'state:ready'].filter((tag) => snapshot.hasTag(tag));
      expect(screens).toHaveLength(1);
      if (snapshot.hasTag('state:saving')) expect(controls.calls('run').at(-1)).toEqual({ params: {}, command: context.sent });
      if (context.failure) expect(context.failure.messages).toEqual(refused.messages);
    });
    // Every change that was saved is followed by reading the list again.
    const saved = path.steps.filter((step) => step.event.type === 'xstate.done.actor.run').length;
    expect(controls.calls('load').length).toBeGreaterThanOrEqual(1 + saved);
    actor.stop();
  });

  it('moving an item sends the whole new order; the first one cannot move up', async () => {
    const controls = controllableActors(taxonomyListMachine, ['load', 'run']);
    const actor = createActor(taxonomyListMachine.provide({ actors: controls.actors }), { input: {} }).start();
    controls.resolve('load', list);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'command.sent', command: { type: 'reorder', slugs: movedOrder(list, 'saude', -1) } });
    expect(actor.getSnapshot().hasTag('state:saving')).toBe(false);
    actor.send({ type: 'command.sent', command: { type: 'reorder', slugs: movedOrder(list, 'cultura', -1) } });
    await vi.advanceTimersByTimeAsync(0);
    expect(controls.calls('run')).toEqual([{ params: {}, command: { type: 'reorder', slugs: ['saude', 'cultura', 'educacao'] } }]);
    expect(movedOrder(list, 'cultura', 1)).toEqual(['saude', 'educacao', 'cultura']);
  });
});
