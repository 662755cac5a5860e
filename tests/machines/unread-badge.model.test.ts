import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { unreadBadgeMachine } from '../../machines/notifications/unread-badge.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';
import * as f from './notifications.fixtures';

/**
 * Model-based tests of the header's unread badge, generated from the machine's graph: every
 * transition replayed on a live actor whose `loadUnreadCount` is a fake the test settles and whose
 * `watchChanges` sends the refreshes the path asks for. The badge shows a count only once one is
 * known, hides it after a failure, and loads again on every change, also one during a load.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.loadUnreadCount', output: 4 },
  { type: 'xstate.done.actor.loadUnreadCount', output: 0 },
  { type: 'xstate.error.actor.loadUnreadCount', error: f.serverError },
  { type: 'unreadCount.refreshRequested' },
];

describe('unread badge model', () => {
  const paths = pathsOf(unreadBadgeMachine, { events });

  it('reaches loading, shown (with a count and with none) and hidden', () => {
    const reached = paths.flatMap((path) => path.steps.map((step) => JSON.stringify([step.state.value, step.state.context.count])));
    expect(new Set(reached)).toEqual(
      new Set(['["loading",null]', '["shown",4]', '["shown",0]', '["hidden",null]', '["loading",4]', '["loading",0]']),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(unreadBadgeMachine, ['loadUnreadCount']);
    let watching = 0;
    const watchChanges = fromCallback(() => {
      watching += 1;
      return () => (watching -= 1);
    });
    const actor = createActor(unreadBadgeMachine.provide({ actors: { ...controls.actors, watchChanges } })).start();
    await replayPath(actor, unreadBadgeMachine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const { count } = snapshot.context as { count: number | null };
      expect(['state:loading', 'state:shown', 'state:hidden'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      // A count is shown only once the server gave one; after a failure there is none to show.
      if (snapshot.hasTag('state:shown')) expect(count).toBeGreaterThanOrEqual(0);
      if (snapshot.hasTag('state:hidden')) expect(count).toBeNull();
      // The changes are watched for the badge's whole life, by one watcher.
      expect(watching).toBe(1);
    });
    // One load at start and one more for every change.
    const refreshes = path.steps.filter((step) => step.event.type === 'unreadCount.refreshRequested').length;
    expect(controls.calls('loadUnreadCount')).toHaveLength(1 + refreshes);
    actor.stop();
    expect(watching).toBe(0);
  });
});

describe('unread badge', () => {
  // Invisible to the graph (the snapshot stays the same), so checked here: a change during a load.
  it('loads once more when the notifications change during a load, and shows only the newer count', async () => {
    const controls = controllableActors(unreadBadgeMachine, ['loadUnreadCount']);
    let changed: () => void = () => {};
    const watchChanges = fromCallback(({ sendBack }) => {
      changed = () => sendBack({ type: 'unreadCount.refreshRequested' });
    });
    const actor = createActor(unreadBadgeMachine.provide({ actors: { ...controls.actors, watchChanges } })).start();
    changed();
    expect(controls.calls('loadUnreadCount')).toHaveLength(2);
    controls.resolve('loadUnreadCount', 3);
    await vi.advanceTimersByTimeAsync(0);
    expect([actor.getSnapshot().value, actor.getSnapshot().context.count]).toEqual(['shown', 3]);
    actor.stop();
  });
});
