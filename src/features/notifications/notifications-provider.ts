import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { msg } from '@lingui/core/macro';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import { notificationPreferencesMachine } from '../../../machines/notifications/notification-preferences.machine';
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
  return useMachine(machine);
}

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
  return useMachine(machine);
}
