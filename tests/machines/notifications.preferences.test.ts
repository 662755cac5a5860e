import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { NOTIFICATION_TYPES } from '../../contracts';
import {
  isDirty,
  notificationPreferencesMachine,
  type PreferencesContext,
} from '../../machines/notifications/notification-preferences.machine';
import { unreadBadgeMachine } from '../../machines/notifications/unread-badge.machine';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from './support/replay';
import * as f from './notifications.fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const everything = { types: NOTIFICATION_TYPES.map((type) => ({ type })), channels: ['in_app', 'email'] as const };
const loaded = {
  available: [...NOTIFICATION_TYPES],
  preferences: { types: [{ type: 'donations' as const }], channels: ['in_app' as const] },
};

describe('notification preferences model', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.loadPreferences', output: loaded },
    { type: 'xstate.error.actor.loadPreferences', error: f.serverError },
    { type: 'preferences.retried' },
    { type: 'preferences.typeToggled', notificationType: 'credit_expiring' },
    { type: 'preferences.channelToggled', channel: 'email' },
    { type: 'preferences.reset' },
    { type: 'preferences.submitted' },
    { type: 'xstate.done.actor.savePreferences', output: everything },
    { type: 'xstate.error.actor.savePreferences', error: f.serverError },
  ];
  const paths = pathsOf(notificationPreferencesMachine, { events });

  it('reaches loading, failed, editing and saving', () => {
    const tags = new Set(paths.flatMap((p) => p.steps.flatMap((s) => [...s.state.tags])));
    expect([...tags].sort()).toEqual(['state:editing', 'state:failed', 'state:loading', 'state:saving']);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_d, path) => {
    const controls = controllableActors(notificationPreferencesMachine, ['loadPreferences', 'savePreferences']);
    const actor = createActor(notificationPreferencesMachine.provide({ actors: controls.actors })).start();
    await replayPath(actor, notificationPreferencesMachine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as PreferencesContext;
      // Only types on offer, each once; a clean draft is never sent.
      expect(context.draft.types.every((t) => context.available.includes(t))).toBe(true);
      expect(new Set(context.draft.types).size).toBe(context.draft.types.length);
      if (snapshot.matches('editing')) expect(snapshot.can({ type: 'preferences.submitted' })).toBe(isDirty(context));
    });
    actor.stop();
  });
});

describe('notification preferences', () => {
  it('sends the draft as types (each with type) and channels, keeps it when saving fails', async () => {
    const controls = controllableActors(notificationPreferencesMachine, ['loadPreferences', 'savePreferences']);
    const saved = vi.fn();
    const actor = createActor(notificationPreferencesMachine.provide({ actors: controls.actors, actions: { saved } })).start();
    await flush();
    controls.resolve('loadPreferences', loaded);
    await flush();
    actor.send({ type: 'preferences.typeToggled', notificationType: 'credit_expiring' });
    actor.send({ type: 'preferences.channelToggled', channel: 'email' });
    actor.send({ type: 'preferences.channelToggled', channel: 'in_app' });
    actor.send({ type: 'preferences.submitted' });
    // The types keep the order of the offer, whatever the order of the clicks.
    expect(controls.calls('savePreferences')).toEqual([
      { preferences: { types: [{ type: 'donations' }, { type: 'credit_expiring' }], channels: ['email'] } },
    ]);
    controls.reject('savePreferences', f.serverError);
    await flush();
    expect(actor.getSnapshot().context.failureCode).toBe('internal');
    expect(actor.getSnapshot().context.draft).toEqual({ types: ['donations', 'credit_expiring'], channels: ['email'] });
    actor.send({ type: 'preferences.submitted' });
    controls.resolve('savePreferences', { types: [{ type: 'donations' }, { type: 'credit_expiring' }], channels: ['email'] });
    await flush();
    expect(saved).toHaveBeenCalledTimes(1);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });
});

describe('unread badge', () => {
  it('shows the count, hides on failure and loads again when the notifications change', async () => {
    const controls = controllableActors(unreadBadgeMachine, ['loadUnreadCount']);
    let changed: () => void = () => {};
    const watchChanges = fromCallback(({ sendBack }) => {
      changed = () => sendBack({ type: 'unreadCount.refreshRequested' });
    });
    const actor = createActor(unreadBadgeMachine.provide({ actors: { ...controls.actors, watchChanges } })).start();
    await flush();
    controls.resolve('loadUnreadCount', 4);
    await flush();
    expect(actor.getSnapshot().hasTag('state:shown')).toBe(true);
    expect(actor.getSnapshot().context.count).toBe(4);
    changed();
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
    controls.reject('loadUnreadCount', f.serverError);
    await flush();
    expect(actor.getSnapshot().hasTag('state:hidden')).toBe(true);
    expect(actor.getSnapshot().context.count).toBeNull();
    changed();
    controls.resolve('loadUnreadCount', 0);
    await flush();
    expect(actor.getSnapshot().context.count).toBe(0);
    expect(controls.calls('loadUnreadCount')).toHaveLength(3);
  });
});
