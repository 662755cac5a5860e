import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { controllableActors, flush } from './support/replay';
import * as f from './notifications.fixtures';

/** Targeted rules of docs/spec.md §4 on a live actor with controllable fakes. */

function start() {
  const controls = controllableActors(notificationsMachine, ['loadPage', 'loadUnreadCount', 'markRead']);
  const reportFailure = vi.fn();
  const machine = notificationsMachine.provide({
    actors: controls.actors,
    actions: { reportFailure: (_, params) => reportFailure(params.error) },
  });
  const actor = createActor(machine).start();
  const ids = () => actor.getSnapshot().context.notifications.map((n) => n.id);
  return { actor, controls, reportFailure, ids, context: () => actor.getSnapshot().context };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('paging', () => {
  it('loads 30 a page from page 0, and more pages exist while page × amount < total', async () => {
    const { actor, controls, ids } = start();
    await flush();
    expect(controls.calls('loadPage')).toEqual([{ page: 0, amount: 30 }]);
    controls.resolve('loadPage', f.firstPage);
    await flush();
    expect(ids()).toEqual([f.ids.donation, f.ids.charge]);
    // 1 × 30 < 45: one more page.
    expect(actor.getSnapshot().can({ type: 'notifications.moreRequested' })).toBe(true);
    actor.send({ type: 'notifications.moreRequested' });
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
    expect(controls.calls('loadPage').at(-1)).toEqual({ page: 1, amount: 30 });
    controls.resolve('loadPage', { notifications: [f.gift], total: 45 });
    await flush();
    expect(ids()).toEqual([f.ids.donation, f.ids.charge, f.ids.gift]);
    // 2 × 30 ≥ 45: that was the last one.
    expect(actor.getSnapshot().can({ type: 'notifications.moreRequested' })).toBe(false);
    actor.send({ type: 'notifications.moreRequested' });
    expect(controls.calls('loadPage')).toHaveLength(2);
  });

  it('a failed page keeps the list, says why, and is tried again on request', async () => {
    const { actor, controls, reportFailure, ids } = start();
    await flush();
    controls.resolve('loadPage', f.firstPage);
    await flush();
    actor.send({ type: 'notifications.moreRequested' });
    controls.reject('loadPage', f.serverError);
    await flush();
    expect(actor.getSnapshot().hasTag('state:failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ operation: 'load', code: 'internal' });
    expect(reportFailure).toHaveBeenCalledWith(f.serverError);
    expect(ids()).toEqual([f.ids.donation, f.ids.charge]);
    actor.send({ type: 'notifications.retried' });
    expect(controls.calls('loadPage').at(-1)).toEqual({ page: 1, amount: 30 });
    controls.resolve('loadPage', { notifications: [f.gift], total: 45 });
    await flush();
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(ids()).toEqual([f.ids.donation, f.ids.charge, f.ids.gift]);
  });

  it('a filter change empties the list, goes back to page 0 and loads with the filter', async () => {
    const { actor, controls, context } = start();
    await flush();
    controls.resolve('loadPage', f.firstPage);
    await flush();
    actor.send({ type: 'notifications.filtered', read: 'unread' });
    expect(context()).toMatchObject({ notifications: [], page: 0, total: null, filters: { read: 'unread', type: null } });
    expect(controls.calls('loadPage').at(-1)).toEqual({ page: 0, amount: 30, read: false });
    actor.send({ type: 'notifications.filtered', notificationType: 'credit_expiring' });
    expect(controls.calls('loadPage').at(-1)).toEqual({ page: 0, amount: 30, read: false, type: 'credit_expiring' });
    actor.send({ type: 'notifications.filtered', read: 'read', notificationType: null });
    expect(controls.calls('loadPage').at(-1)).toEqual({ page: 0, amount: 30, read: true });
  });
});

describe('dropped donation notices', () => {
  it('drops donation notices lacking donation_id and loads the next page by itself', async () => {
    const { actor, controls, ids } = start();
    await flush();
    controls.resolve('loadPage', f.pageWithOrphan);
    await flush();
    expect(ids()).toEqual([f.ids.gift]);
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
    expect(controls.calls('loadPage').at(-1)).toEqual({ page: 1, amount: 30 });
    controls.resolve('loadPage', f.firstPage);
    await flush();
    expect(ids()).toEqual([f.ids.gift, f.ids.donation, f.ids.charge]);
    expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
  });

  it('stops at the last page even when it dropped some', async () => {
    const { actor, controls, ids } = start();
    await flush();
    controls.resolve('loadPage', { notifications: [f.orphan, f.gift], total: 2 });
    await flush();
    expect(ids()).toEqual([f.ids.gift]);
    expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
    expect(controls.calls('loadPage')).toHaveLength(1);
  });
});

async function loaded(unread = 5) {
  const harness = start();
  await flush();
  harness.controls.resolve('loadPage', { notifications: [f.donation, f.charge, f.gift], total: 3 });
  harness.controls.resolve('loadUnreadCount', unread);
  await flush();
  return harness;
}

describe('read and unread', () => {
  it('loads the unread count', async () => {
    const { context } = await loaded(7);
    expect(context().unreadCount).toBe(7);
  });

  it('marking read in "all" keeps the item, marked read, and lowers the count; the PATCH carries the ids', async () => {
    const { actor, controls, ids, context } = await loaded(5);
    actor.send({ type: 'notifications.markReadRequested', ids: [f.ids.donation] });
    expect(ids()).toEqual([f.ids.donation, f.ids.charge, f.ids.gift]);
    expect(context().notifications[0]).toMatchObject({ read: true, isSelected: false });
    expect(context().unreadCount).toBe(4);
    expect(actor.getSnapshot().hasTag('state:saving')).toBe(true);
    expect(controls.calls('markRead')).toEqual([{ ids: [f.ids.donation], read: true }]);
    controls.resolve('markRead', [{ ...f.donation, read: true }]);
    await flush();
    expect(ids()).toEqual([f.ids.donation, f.ids.charge, f.ids.gift]);
    expect(context().notifications[0]?.read).toBe(true);
    expect(context().unreadCount).toBe(4);
    expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
  });

  it('marking read under "unread" removes the item at once; marking unread under "read" likewise', async () => {
    const { actor, controls, ids, context } = start();
    await flush();
    controls.resolve('loadUnreadCount', 5);
    await flush();
    actor.send({ type: 'notifications.filtered', read: 'unread' });
    await flush();
    controls.resolve('loadPage', { notifications: [f.donation, f.gift], total: 2 });
    await flush();
    actor.send({ type: 'notifications.markReadRequested', ids: [f.ids.donation] });
    expect(ids()).toEqual([f.ids.gift]);
    expect(context().unreadCount).toBe(4);
    controls.resolve('markRead', []);
    await flush();
    actor.send({ type: 'notifications.filtered', read: 'read' });
    await flush();
    controls.resolve('loadPage', { notifications: [f.charge], total: 1 });
    await flush();
    actor.send({ type: 'notifications.markUnreadRequested', ids: [f.ids.charge] });
    expect(ids()).toEqual([]);
    expect(context().unreadCount).toBe(5);
  });

  it('marking unread sets read false and raises the count', async () => {
    const { actor, controls, context } = await loaded(5);
    actor.send({ type: 'notifications.markUnreadRequested', ids: [f.ids.charge] });
    expect(context().notifications.find((n) => n.id === f.ids.charge)?.read).toBe(false);
    expect(context().unreadCount).toBe(6);
    expect(controls.calls('markRead')).toEqual([{ ids: [f.ids.charge], read: false }]);
  });

  it.each([
    ['markRead', 'notifications.markReadRequested', f.ids.donation],
    ['markUnread', 'notifications.markUnreadRequested', f.ids.charge],
  ] as const)('a failed %s puts the list and the count back and reports the error', async (operation, type, id) => {
    const { actor, controls, reportFailure, context } = await loaded(5);
    const before = context().notifications;
    actor.send({ type: 'notification.selected', id: f.ids.gift });
    const selected = context().notifications;
    actor.send({ type, ids: [id] });
    expect(context().notifications).not.toEqual(selected);
    controls.reject('markRead', f.forbidden);
    await flush();
    expect(context().notifications).toEqual(selected);
    expect(context().notifications.map((n) => n.read)).toEqual(before.map((n) => n.read));
    expect(context().unreadCount).toBe(5);
    expect(context().failure).toEqual({ operation, code: 'notification.not_found' });
    expect(reportFailure).toHaveBeenCalledWith(f.forbidden);
  });

  it('nothing to mark (unknown ids, nothing selected) sends nothing', async () => {
    const { actor, controls } = await loaded();
    actor.send({ type: 'notifications.markReadRequested', ids: ['not-listed'] });
    actor.send({ type: 'notifications.markReadRequested' });
    expect(controls.calls('markRead')).toEqual([]);
    expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
  });
});

describe('selection', () => {
  it('sets and clears the isSelected flag, one, all or none, and marks the selected ones', async () => {
    const { actor, controls, context, ids } = await loaded(5);
    const flags = () => context().notifications.map((n) => n.isSelected);
    expect(flags()).toEqual([false, false, false]);
    actor.send({ type: 'notification.selected', id: f.ids.charge });
    expect(flags()).toEqual([false, true, false]);
    actor.send({ type: 'notifications.allSelected' });
    expect(flags()).toEqual([true, true, true]);
    actor.send({ type: 'notification.unselected', id: f.ids.charge });
    expect(flags()).toEqual([true, false, true]);
    actor.send({ type: 'notifications.markReadRequested' });
    expect(controls.calls('markRead')).toEqual([{ ids: [f.ids.donation, f.ids.gift], read: true }]);
    // "Marcar selecionadas como lidas" in "all": every item stays, the marked ones read and unselected.
    expect(ids()).toEqual([f.ids.donation, f.ids.charge, f.ids.gift]);
    expect(context().notifications.map((n) => n.read)).toEqual([true, true, true]);
    expect(flags()).toEqual([false, false, false]);
    expect(context().unreadCount).toBe(3);
    controls.resolve('markRead', []);
    await flush();
    actor.send({ type: 'notifications.allSelected' });
    actor.send({ type: 'notifications.noneSelected' });
    expect(flags()).toEqual([false, false, false]);
  });
});
