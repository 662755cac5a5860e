import type { Notification, NotificationType } from '../../contracts';

/** Pure rules of the notifications list (docs/spec.md §4), shared by the machine and its tests. */

export type ReadFilter = 'all' | 'unread' | 'read';

export interface NotificationFilters {
  read: ReadFilter;
  /** null: every type. */
  type: NotificationType | null;
}

/** A listed notification with the client-only selection flag (docs/spec.md §3). */
export type NotificationItem = Notification & { isSelected: boolean };

/** What GET /notifications answers: one page and the total behind it (x-total-count). */
export interface NotificationsPage {
  notifications: Notification[];
  total: number;
}

export interface LoadPageInput {
  page: number;
  amount: number;
  /** Absent: read and unread alike. */
  read?: boolean;
  type?: NotificationType;
}

export interface MarkInput {
  ids: string[];
  read: boolean;
}

/** Which request failed; the view says what it means, `code` is the API's when it sent one. */
export type NotificationsOperation = 'load' | 'markRead' | 'markUnread' | 'count';
export interface NotificationsFailure {
  operation: NotificationsOperation;
  code: string | null;
}

export const ALL_NOTIFICATIONS: NotificationFilters = { read: 'all', type: null };

export function loadPageInput(filters: NotificationFilters, page: number, amount: number): LoadPageInput {
  return {
    page,
    amount,
    ...(filters.read === 'all' ? {} : { read: filters.read === 'read' }),
    ...(filters.type ? { type: filters.type } : {}),
  };
}

/** More pages exist while page × amount is below the total (page: the next one to load). */
export const hasMorePages = (page: number, amount: number, total: number | null): boolean => total !== null && page * amount < total;

/** A donation notice that does not say which donation cannot link anywhere: it is dropped. */
export const isListable = (notification: Notification): boolean =>
  notification.type !== 'donations' || typeof notification.metadata.donation_id === 'string';

/** The listable notifications of a fetched page that the list does not hold yet, unselected. */
export function newItems(list: readonly NotificationItem[], fetched: readonly Notification[]): NotificationItem[] {
  const known = new Set(list.map((n) => n.id));
  return fetched.filter((n) => isListable(n) && !known.has(n.id)).map((n) => ({ ...n, isSelected: false }));
}

export const droppedAny = (fetched: readonly Notification[]): boolean => fetched.some((n) => !isListable(n));

/** The listed notifications an action is about: the given ids, or else the selected ones. */
export function targetsOf(list: readonly NotificationItem[], ids: readonly string[] | undefined): NotificationItem[] {
  if (ids) {
    const wanted = new Set(ids);
    return list.filter((n) => wanted.has(n.id));
  }
  return list.filter((n) => n.isSelected);
}

/**
 * The optimistic result of marking `targets` read or unread under the `read` filter: they take the
 * new state and lose their selection; only those the filter no longer matches leave the list at once
 * (read ones under 'unread', unread ones under 'read'), so 'all' keeps every item, marked. The unread
 * count moves by how many really changed state.
 */
export function applyMark(
  list: readonly NotificationItem[],
  targets: readonly NotificationItem[],
  read: boolean,
  filter: ReadFilter,
): { list: NotificationItem[]; unreadDelta: number } {
  const ids = new Set(targets.map((n) => n.id));
  const leaves = filter === (read ? 'unread' : 'read');
  const marked = leaves ? list.filter((n) => !ids.has(n.id)) : list.map((n) => (ids.has(n.id) ? { ...n, read, isSelected: false } : n));
  const changed = targets.filter((n) => n.read !== read).length;
  return { list: marked, unreadDelta: read ? -changed : changed };
}

export const shiftCount = (count: number | null, delta: number): number | null => (count === null ? null : Math.max(0, count + delta));

/** The API's error code when the failure carries one (ApiRequestError and API bodies do). */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}
