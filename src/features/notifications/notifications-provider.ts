import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import {
  notificationsMachine,
  type NotificationsContext,
  type NotificationsSnapshot,
} from '../../../machines/notifications/notifications.machine';
import { isDirty, notificationPreferencesMachine } from '../../../machines/notifications/notification-preferences.machine';
import {
  countUnread,
  getNotificationTypes,
  getPreferences,
  listNotifications,
  patchNotifications,
  putPreferences,
} from '../../lib/api/notifications';
import { i18n } from '../../app/i18n/catalogs';
import { reportError } from '../../app/report-error';
import { toast } from '../../app/toast';
import { useMachineView } from '../../app/machine-view';

const preferencesSaved = msg`Preferências salvas. Vamos avisar você do jeito que escolheu.`;

/** The notifications machine with the real API behind its actors (docs/spec.md §4, §7, §8). */
export function useNotificationsFlow() {
  const [machine] = useState(() =>
    notificationsMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => listNotifications(input)),
        loadUnreadCount: fromPromise(() => countUnread()),
        markRead: fromPromise(({ input }) => patchNotifications(input.ids, input.read)),
      },
      // The page's notice says what failed to load or mark (NotificationsPage); only the unread count has no place of its own.
      actions: {
        reportFailure: ({ context }, { error }) => void reportError(error, context.failure?.operation === 'count' ? 'toast' : 'inline'),
      },
    }),
  );
  return useMachineView(machine, selectNotificationsView);
}

/** What /profile/notifications shows of its machine, and which of its buttons work now. */
export interface NotificationsView {
  notifications: NotificationsContext['notifications'];
  unreadCount: NotificationsContext['unreadCount'];
  failure: NotificationsContext['failure'];
  filters: NotificationsContext['filters'];
  loading: boolean;
  ready: boolean;
  saving: boolean;
  failed: boolean;
  canFilter: boolean;
  canMarkRead: boolean;
  canMarkUnread: boolean;
  canLoadMore: boolean;
}

const selectNotificationsView = (snapshot: NotificationsSnapshot): NotificationsView => ({
  notifications: snapshot.context.notifications,
  unreadCount: snapshot.context.unreadCount,
  failure: snapshot.context.failure,
  filters: snapshot.context.filters,
  loading: snapshot.hasTag('state:loading'),
  ready: snapshot.hasTag('state:ready'),
  saving: snapshot.hasTag('state:saving'),
  failed: snapshot.hasTag('state:failed'),
  canFilter: snapshot.can({ type: 'notifications.filtered' }),
  canMarkRead: snapshot.can({ type: 'notifications.markReadRequested' }),
  canMarkUnread: snapshot.can({ type: 'notifications.markUnreadRequested' }),
  canLoadMore: snapshot.can({ type: 'notifications.moreRequested' }),
});

/** The preferences form's machine: GET /notification-types + GET/PUT /notification-preferences. */
export function usePreferencesFlow() {
  const [machine] = useState(() =>
    notificationPreferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(async () => {
          const [available, preferences] = await Promise.all([getNotificationTypes(), getPreferences()]);
          return { available, preferences };
        }),
        savePreferences: fromPromise(({ input }) => putPreferences(input.preferences)),
      },
      actions: {
        saved: () => void toast.success(i18n._(preferencesSaved)),
        // PreferencesForm says it: a retry notice when loading, a notice under the form when saving.
        reportFailure: (_, { error }) => void reportError(error, 'inline'),
      },
    }),
  );
  return useMachineView(machine, selectPreferencesView);
}

type PreferencesContext = SnapshotFrom<typeof notificationPreferencesMachine>['context'];

/** What the preferences form shows of its machine. */
export interface PreferencesView {
  available: PreferencesContext['available'];
  draft: PreferencesContext['draft'];
  failureCode: PreferencesContext['failureCode'];
  dirty: boolean;
  loading: boolean;
  failed: boolean;
  editing: boolean;
  saving: boolean;
}

const selectPreferencesView = (snapshot: SnapshotFrom<typeof notificationPreferencesMachine>): PreferencesView => ({
  available: snapshot.context.available,
  draft: snapshot.context.draft,
  failureCode: snapshot.context.failureCode,
  dirty: isDirty(snapshot.context),
  loading: snapshot.hasTag('state:loading'),
  failed: snapshot.hasTag('state:failed'),
  editing: snapshot.hasTag('state:editing'),
  saving: snapshot.hasTag('state:saving'),
});
