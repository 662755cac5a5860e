import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { NOTIFICATIONS_PAGE_SIZE } from '../../contracts';
import {
  hasMorePages,
  isListable,
  loadPageInput,
  notificationsMachine,
  type NotificationsContext,
} from '../../machines/notifications/notifications.machine';
import { controllableActors, describePath, replayPath, shortestPaths, type GraphEvent } from './support/replay';
import * as f from './notifications.fixtures';

/**
 * Model-based tests of the notifications machine (docs/spec.md §4): paths generated from its graph are
 * replayed on a live actor whose loadPage / loadUnreadCount / markRead are fakes the test resolves
 * or rejects; after every step the live snapshot must be the graph's and keep the spec's rules.
 * Two models keep the graph small: paging and filters, then selection and read/unread marking.
 */

const actorNames = ['loadPage', 'loadUnreadCount', 'markRead'] as const;
type Controls = ReturnType<typeof controllableActors<typeof notificationsMachine, (typeof actorNames)[number]>>;

/** The rules every reachable snapshot keeps, and the requests the fakes received. */
const invariant = (controls: Controls) => (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as NotificationsContext;
  // Donation notices without donation_id never reach the list; nothing is listed twice.
  expect(context.notifications.every(isListable)).toBe(true);
  expect(new Set(context.notifications.map((n) => n.id)).size).toBe(context.notifications.length);
  expect(context.unreadCount === null || context.unreadCount >= 0).toBe(true);
  expect(context.amount).toBe(NOTIFICATIONS_PAGE_SIZE);
  // A rollback exists exactly while a mark is in flight.
  expect(context.rollback !== null).toBe(snapshot.matches({ list: 'marking' }));
  // "Load more" is offered only when ready and page × amount is below the total.
  expect(snapshot.can({ type: 'notifications.moreRequested' })).toBe(
    snapshot.matches({ list: 'ready' }) && hasMorePages(context.page, context.amount, context.total),
  );
  // Nothing changes the list under a pending mark.
  if (snapshot.matches({ list: 'marking' })) {
    expect(snapshot.can({ type: 'notifications.filtered', read: 'unread' })).toBe(false);
    expect(snapshot.can({ type: 'notifications.allSelected' })).toBe(false);
  }
  // Each load asks for the next page with the current filters.
  if (snapshot.matches({ list: 'loading' }))
    expect(controls.calls('loadPage').at(-1)).toEqual(loadPageInput(context.filters, context.page, NOTIFICATIONS_PAGE_SIZE));
  // A mark sends the ids it removed or changed, and whether they are now read.
  if (snapshot.matches({ list: 'marking' })) expect(controls.calls('markRead').at(-1)).toEqual(context.rollback?.request);
  // Under a read filter every listed item matches it once marked: marking makes the others leave.
  if (context.rollback) {
    const marked = new Set(context.rollback.request.ids);
    const wanted = context.filters.read === 'all' ? null : context.filters.read === 'read';
    for (const n of context.notifications.filter((item) => marked.has(item.id))) {
      expect(n.read).toBe(context.rollback.request.read);
      if (wanted !== null) expect(n.read).toBe(wanted);
    }
  }
};

async function replay(path: Parameters<typeof replayPath>[2]) {
  const controls = controllableActors(notificationsMachine, actorNames);
  const actor = createActor(notificationsMachine.provide({ actors: controls.actors }), {}).start();
  await replayPath(actor, notificationsMachine, path, controls, invariant(controls));
  actor.stop();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const tagsOf = (paths: Array<{ steps: Array<{ state: AnyMachineSnapshot }> }>): Set<string> =>
  new Set(paths.flatMap((p) => p.steps.flatMap((s) => [...s.state.tags])));

/**
 * The paging model's state: the listed ids stand for the list (no marking here, so read and
 * selection flags never change). A key coarser than what replay compares would let a path continue
 * from another path's list, so nothing observable is left out. Simple paths are out of reach (loads
 * and filters loop), so every distinct state gets its shortest path.
 */
const pagingKey = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as NotificationsContext;
  return JSON.stringify([snapshot.value, c.filters, c.page, c.total, c.notifications.map((n) => n.id), c.failure?.operation ?? null]);
};

describe('notifications model: paging, filters and dropped notices', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.loadPage', output: f.firstPage },
    { type: 'xstate.done.actor.loadPage', output: f.pageWithOrphan },
    { type: 'xstate.done.actor.loadPage', output: f.onlyPage },
    { type: 'xstate.error.actor.loadPage', error: f.serverError },
    { type: 'notifications.moreRequested' },
    { type: 'notifications.retried' },
    { type: 'notifications.filtered', read: 'unread' },
    { type: 'notifications.filtered', notificationType: 'donations' },
    { type: 'notifications.filtered', read: 'all', notificationType: null },
  ];
  const paths = shortestPaths(notificationsMachine, { events, serializeState: pagingKey, limit: 30_000 });

  it('reaches loading, ready and failed, the last page, and a page loaded by itself after a drop', () => {
    expect([...tagsOf(paths)].filter((t) => t.startsWith('state:')).sort()).toEqual(['state:failed', 'state:loading', 'state:ready']);
    const ends = paths.map((p) => p.state.context as NotificationsContext);
    expect(ends.some((c) => c.total !== null && !hasMorePages(c.page, c.amount, c.total))).toBe(true);
    const autoLoads = paths.filter((p) =>
      p.steps.some((s, i) => i > 0 && (s.event.type as string) === 'xstate.done.actor.loadPage' && s.state.matches({ list: 'loading' })),
    );
    expect(autoLoads.length).toBeGreaterThan(0);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    await replay(path);
  });
});

describe('notifications model: selection and optimistic read / unread', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.loadPage', output: f.firstPage },
    { type: 'xstate.done.actor.loadUnreadCount', output: 2 },
    { type: 'xstate.error.actor.loadUnreadCount', error: f.serverError },
    { type: 'notification.selected', id: f.ids.donation },
    { type: 'notification.unselected', id: f.ids.donation },
    { type: 'notifications.allSelected' },
    { type: 'notifications.noneSelected' },
    { type: 'notifications.markReadRequested', ids: [f.ids.donation] },
    { type: 'notifications.markUnreadRequested', ids: [f.ids.charge] },
    { type: 'notifications.markReadRequested' },
    { type: 'notifications.markUnreadRequested' },
    { type: 'xstate.done.actor.markRead', output: [] },
    { type: 'xstate.error.actor.markRead', error: f.forbidden },
  ];
  // Every distinct list, selection and count gets its shortest path.
  const paths = shortestPaths(notificationsMachine, { events, limit: 30_000 });

  // No filter event here (it would grow the graph past the limit): this model lists "all".
  it('keeps every item in "all" once marked, read or unread', () => {
    const loadedIds = [f.ids.donation, f.ids.charge];
    const settled = paths.map((p) => p.state).filter((s) => s.matches({ list: 'ready' }) || s.matches({ list: 'marking' }));
    const inAll = settled.filter((s) => (s.context as NotificationsContext).filters.read === 'all');
    for (const s of inAll) expect((s.context as NotificationsContext).notifications.map((n) => n.id)).toEqual(loadedIds);
    expect(inAll.some((s) => (s.context as NotificationsContext).notifications.every((n) => n.read))).toBe(true);
  });

  it('reaches marking, its success and its failure, and every unread-count state', () => {
    expect([...tagsOf(paths)].sort()).toEqual(['state:loading', 'state:ready', 'state:saving']);
    for (const count of ['loading', 'loaded', 'failed'] as const)
      expect(
        paths.some((p) => p.steps.some((s) => s.state.matches({ unreadCount: count }))),
        `unread count ${count}`,
      ).toBe(true);
    const failures = new Set(paths.map((p) => (p.state.context as NotificationsContext).failure?.operation).filter(Boolean));
    expect(failures).toEqual(new Set(['markRead', 'markUnread', 'count']));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    await replay(path);
  });
});
