import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { present } from '../present';
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationType } from '../../contracts';
import {
  ALL_NOTIFICATIONS,
  applyMark,
  droppedAny,
  errorCodeOf,
  hasMorePages,
  loadPageInput,
  newItems,
  shiftCount,
  targetsOf,
  type LoadPageInput,
  type MarkInput,
  type NotificationFilters,
  type NotificationItem,
  type NotificationsFailure,
  type NotificationsOperation,
  type NotificationsPage,
  type ReadFilter,
} from './notifications-rules';

export * from './notifications-rules';

export interface NotificationsContext {
  notifications: NotificationItem[];
  /** The next page to load (from 0). */
  page: number;
  amount: number;
  /** x-total-count of the current filters; null before the first page. */
  total: number | null;
  filters: NotificationFilters;
  unreadCount: number | null;
  failure: NotificationsFailure | null;
  /** The mark in flight, and what its failure puts back: the list as it was and the count change to undo. */
  rollback: { request: MarkInput; notifications: NotificationItem[]; unreadDelta: number } | null;
}

export type NotificationsEvent =
  | { type: 'notifications.moreRequested' }
  | { type: 'notifications.retried' }
  /** Changes one filter or both (`notificationType` null: every type); the list starts again from page 0. */
  | { type: 'notifications.filtered'; read?: ReadFilter; notificationType?: NotificationType | null }
  | { type: 'notification.selected'; id: string }
  | { type: 'notification.unselected'; id: string }
  | { type: 'notifications.allSelected' }
  | { type: 'notifications.noneSelected' }
  /** Without ids: the selected ones. */
  | { type: 'notifications.markReadRequested'; ids?: string[] }
  | { type: 'notifications.markUnreadRequested'; ids?: string[] }
  | { type: 'unreadCount.refreshRequested' };

const MARK_EVENTS = ['notifications.markReadRequested', 'notifications.markUnreadRequested'] as const;

const setSelected = (list: NotificationItem[], isSelected: (n: NotificationItem) => boolean): NotificationItem[] =>
  list.map((n) => (n.isSelected === isSelected(n) ? n : { ...n, isSelected: isSelected(n) }));

/**
 * The notifications list of /profile/notifications (docs/spec.md §4). Two regions: `list` (pages of the
 * current filters, selection, optimistic read/unread) and `unreadCount` (read=false with amount=1).
 * Pure: `loadPage`, `loadUnreadCount` and `markRead` come in with `.provide()`.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    /** GET /notifications with the filters → one page and x-total-count. */
    loadPage: fromPromise<NotificationsPage, LoadPageInput>(async () => {
      throw new Error('notifications: loadPage not provided');
    }),
    /** GET /notifications?read=false&amount=1 → x-total-count. */
    loadUnreadCount: fromPromise<number>(async () => {
      throw new Error('notifications: loadUnreadCount not provided');
    }),
    /** PATCH /notifications { notification_id, read }. */
    markRead: fromPromise<Notification[], MarkInput>(async () => {
      throw new Error('notifications: markRead not provided');
    }),
  },
  actions: {
    /** Reports a failed request (docs/spec.md §8: logged and shown). */
    reportFailure: (_, _params: { error: unknown }) => {},
    appendPage: assign(({ context }, { page }: { page: NotificationsPage }) => {
      return {
        notifications: [...context.notifications, ...newItems(context.notifications, page.notifications)],
        page: context.page + 1,
        total: page.total,
        failure: context.failure?.operation === 'load' ? null : context.failure,
      };
    }),
    markOptimistically: assign(({ context, event }) => {
      assertEvent(event, MARK_EVENTS);
      const mark = event;
      const targets = targetsOf(context.notifications, mark.ids);
      const read = mark.type === 'notifications.markReadRequested';
      const { list, unreadDelta } = applyMark(context.notifications, targets, read, context.filters.read);
      return {
        notifications: list,
        unreadCount: shiftCount(context.unreadCount, unreadDelta),
        rollback: { request: { ids: targets.map((n) => n.id), read }, notifications: context.notifications, unreadDelta },
        failure: null,
      };
    }),
    /** Puts back the list and the count as they were before the failed mark. */
    rollBack: assign(({ context }) => ({
      notifications: context.rollback?.notifications ?? context.notifications,
      unreadCount: shiftCount(context.unreadCount, -(context.rollback?.unreadDelta ?? 0)),
      rollback: null,
    })),
    fail: assign((_, params: { operation: NotificationsOperation; error: unknown }) => ({
      failure: { operation: params.operation, code: errorCodeOf(params.error) },
    })),
  },
  guards: {
    hasMorePages: ({ context }) => hasMorePages(context.page, context.amount, context.total),
    /** The page just loaded dropped some notices and another page exists: load it by itself. */
    droppedAndMoreExist: ({ context }, { page }: { page: NotificationsPage }) => {
      return droppedAny(page.notifications) && hasMorePages(context.page + 1, context.amount, page.total);
    },
    hasTargets: ({ context, event }) => {
      assertEvent(event, MARK_EVENTS);
      return targetsOf(context.notifications, event.ids).length > 0;
    },
  },
}).createMachine({
  id: 'notifications',
  type: 'parallel',
  context: {
    notifications: [],
    page: 0,
    amount: NOTIFICATIONS_PAGE_SIZE,
    total: null,
    filters: ALL_NOTIFICATIONS,
    unreadCount: null,
    failure: null,
    rollback: null,
  },
  states: {
    list: {
      initial: 'loading',
      // Shared by every list state but `marking`, whose rollback must find the list as it left it.
      on: {
        'notifications.filtered': {
          target: '.loading',
          reenter: true,
          actions: assign(({ context, event }) => ({
            filters: {
              read: event.read ?? context.filters.read,
              type: event.notificationType === undefined ? context.filters.type : event.notificationType,
            },
            notifications: [],
            page: 0,
            total: null,
          })),
        },
        'notification.selected': {
          actions: assign({
            notifications: ({ context, event }) => setSelected(context.notifications, (n) => n.id === event.id || n.isSelected),
          }),
        },
        'notification.unselected': {
          actions: assign({
            notifications: ({ context, event }) => setSelected(context.notifications, (n) => n.id !== event.id && n.isSelected),
          }),
        },
        'notifications.allSelected': {
          actions: assign({ notifications: ({ context }) => setSelected(context.notifications, () => true) }),
        },
        'notifications.noneSelected': {
          actions: assign({ notifications: ({ context }) => setSelected(context.notifications, () => false) }),
        },
      },
      states: {
        loading: {
          tags: ['state:loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => loadPageInput(context.filters, context.page, context.amount),
            onDone: [
              {
                guard: { type: 'droppedAndMoreExist', params: ({ event }) => ({ page: event.output }) },
                target: 'loading',
                reenter: true,
                actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
              },
              { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            ],
            onError: {
              target: 'failed',
              actions: [
                { type: 'fail', params: ({ event }) => ({ operation: 'load' as const, error: event.error }) },
                { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        ready: {
          tags: ['state:ready'],
          on: {
            'notifications.moreRequested': { guard: 'hasMorePages', target: 'loading' },
            'notifications.markReadRequested': { guard: 'hasTargets', target: 'marking', actions: 'markOptimistically' },
            'notifications.markUnreadRequested': { guard: 'hasTargets', target: 'marking', actions: 'markOptimistically' },
          },
        },
        failed: {
          tags: ['state:failed'],
          on: {
            'notifications.retried': 'loading',
            'notifications.markReadRequested': { guard: 'hasTargets', target: 'marking', actions: 'markOptimistically' },
            'notifications.markUnreadRequested': { guard: 'hasTargets', target: 'marking', actions: 'markOptimistically' },
          },
        },
        marking: {
          tags: ['state:saving'],
          on: {
            // Nothing may change the list under a request whose failure puts the old list back.
            'notifications.filtered': {},
            'notification.selected': {},
            'notification.unselected': {},
            'notifications.allSelected': {},
            'notifications.noneSelected': {},
          },
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => present(context.rollback, 'mark to roll back').request,
            onDone: { target: 'ready', actions: assign({ rollback: null }) },
            onError: {
              target: 'ready',
              actions: [
                // `fail` reads the request before `rollBack` clears it.
                {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    operation: context.rollback?.request.read === false ? ('markUnread' as const) : ('markRead' as const),
                    error: event.error,
                  }),
                },
                'rollBack',
                { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    unreadCount: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadUnreadCount',
            src: 'loadUnreadCount',
            onDone: {
              target: 'loaded',
              actions: assign(({ context, event }) => ({
                unreadCount: event.output,
                failure: context.failure?.operation === 'count' ? null : context.failure,
              })),
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'fail', params: ({ event }) => ({ operation: 'count' as const, error: event.error }) },
                { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        loaded: { on: { 'unreadCount.refreshRequested': 'loading' } },
        failed: { on: { 'unreadCount.refreshRequested': 'loading' } },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
export type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>;
