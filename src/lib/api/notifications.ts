import type { AxiosInstance } from 'axios';
import {
  notificationListSchema,
  notificationPreferencesSchema,
  notificationTypesSchema,
  type Notification,
  type NotificationPreferences,
  type NotificationType,
} from '../../../contracts';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

export interface NotificationListQuery {
  /** Absent: read and unread alike. */
  read?: boolean;
  page?: number;
  amount?: number;
  type?: NotificationType;
}

const totalOf = (headers: Record<string, unknown>, fallback: number): number => {
  const total = Number(headers['x-total-count']);
  return headers['x-total-count'] !== undefined && Number.isFinite(total) ? total : fallback;
};

/**
 * Notification calls (docs/spec.md §7). Every failure reaches callers as an ApiRequestError (docs/spec.md §8:
 * "wrapped into a common error"). A successful PATCH tells `onChanged` listeners (the header badge).
 */
export function createNotificationsApi(http: AxiosInstance) {
  const listeners = new Set<() => void>();
  const call = withApiErrors;
  return {
    /** GET /notifications?read&page&amount&type → the page and x-total-count. */
    listNotifications: (query: NotificationListQuery): Promise<{ notifications: Notification[]; total: number }> =>
      call(async () => {
        const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
        const response = await http.get('/notifications', { params });
        const notifications = notificationListSchema.parse(response.data);
        return { notifications, total: totalOf(response.headers as Record<string, unknown>, notifications.length) };
      }),
    /** Unread notifications with amount=1: only the total matters (docs/spec.md §4). */
    countUnread: (): Promise<number> =>
      call(async () => {
        const response = await http.get('/notifications', { params: { read: false, page: 0, amount: 1 } });
        return totalOf(response.headers as Record<string, unknown>, notificationListSchema.parse(response.data).length);
      }),
    /** PATCH /notifications { notification_id, read } → the updated notifications. */
    patchNotifications: (ids: string[], read: boolean): Promise<Notification[]> =>
      call(async () => {
        const updated = notificationListSchema.parse((await http.patch('/notifications', { notification_id: ids, read })).data);
        listeners.forEach((listener) => listener());
        return updated;
      }),
    /** GET /notification-types → the types a donor may hear about. */
    getNotificationTypes: (): Promise<NotificationType[]> =>
      call(async () => notificationTypesSchema.parse((await http.get('/notification-types')).data).notificationTypes.map((t) => t.type)),
    getPreferences: (): Promise<NotificationPreferences> =>
      call(async () => notificationPreferencesSchema.parse((await http.get('/notification-preferences')).data)),
    putPreferences: (preferences: NotificationPreferences): Promise<NotificationPreferences> =>
      call(async () => notificationPreferencesSchema.parse((await http.put('/notification-preferences', preferences)).data)),
    /** Called after notifications were marked read or unread here; returns an unsubscribe. */
    onChanged(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
export const notificationsApi = createNotificationsApi(defaultHttp);
export const { listNotifications, countUnread, patchNotifications, getNotificationTypes, getPreferences, putPreferences } =
  notificationsApi;
