import { assign, fromCallback, fromPromise, setup } from 'xstate';

/**
 * The header's unread-notifications badge: the count (GET /notifications?read=false&amount=1) for a
 * signed-in donor, loaded again whenever `watchChanges` says the notifications changed (marked on
 * /profile/notifications, the tab shown again). A failure hides the badge until the next change.
 */
export const unreadBadgeMachine = setup({
  types: {
    context: {} as { count: number | null },
    events: {} as { type: 'unreadCount.refreshRequested' },
  },
  actors: {
    loadUnreadCount: fromPromise<number>(async () => {
      throw new Error('unreadBadge: loadUnreadCount not provided');
    }),
    /** Sends `unreadCount.refresh` when the count may have changed; nothing until provided. */
    watchChanges: fromCallback(() => {}),
  },
}).createMachine({
  id: 'unreadBadge',
  context: { count: null },
  invoke: { id: 'watchChanges', src: 'watchChanges' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadUnreadCount',
        src: 'loadUnreadCount',
        onDone: { target: 'shown', actions: assign({ count: ({ event }) => event.output }) },
        onError: { target: 'hidden', actions: assign({ count: null }) },
      },
      // A change during a load may come after the server answered: load once more.
      on: { 'unreadCount.refreshRequested': { target: 'loading', reenter: true } },
    },
    shown: { tags: ['state:shown'], on: { 'unreadCount.refreshRequested': 'loading' } },
    hidden: { tags: ['state:hidden'], on: { 'unreadCount.refreshRequested': 'loading' } },
  },
});
