import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { unreadBadgeMachine } from '../../../machines/notifications/unread-badge.machine';
import { notificationsApi } from '../../lib/api/notifications';

/**
 * The badge's machine with the real count (GET /notifications?read=false&amount=1). It counts again
 * when notifications were marked in this tab, and when the tab is shown again (new notices arrive
 * while the donor is elsewhere). This module and the API client load only with the badge's chunk.
 */
export function useUnreadBadge() {
  const [machine] = useState(() =>
    unreadBadgeMachine.provide({
      actors: {
        loadUnreadCount: fromPromise(() => notificationsApi.countUnread()),
        watchChanges: fromCallback(({ sendBack }) => {
          const refresh = () => sendBack({ type: 'unreadCount.refreshRequested' });
          const onVisible = () => {
            if (document.visibilityState === 'visible') refresh();
          };
          const unsubscribe = notificationsApi.onChanged(refresh);
          document.addEventListener('visibilitychange', onVisible);
          return () => {
            unsubscribe();
            document.removeEventListener('visibilitychange', onVisible);
          };
        }),
      },
    }),
  );
  const [snapshot] = useMachine(machine);
  return snapshot;
}
