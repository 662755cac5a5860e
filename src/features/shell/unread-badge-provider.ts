import { useState } from 'react';
import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { unreadBadgeMachine } from '../../../machines/notifications/unread-badge.machine';
import { notificationsApi } from '../../lib/api/notifications';
import { useMachineView } from '../../app/machine-view';

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
  const [view] = useMachineView(machine, selectUnreadCount);
  return view.count;
}

/** The count the bell shows: 0 until it is known, and while it is hidden. */
const selectUnreadCount = (snapshot: SnapshotFrom<typeof unreadBadgeMachine>) => ({
  count: snapshot.hasTag('state:shown') ? (snapshot.context.count ?? 0) : 0,
});
