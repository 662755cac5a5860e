import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Notification, NotificationType } from '../../../contracts/notifications';
import { notifications } from '../../db/schema';
import type { Database, Executor } from '../../db/types';

type NotificationRow = typeof notifications.$inferSelect;

export function presentNotification(row: Pick<NotificationRow, 'id' | 'type' | 'metadata' | 'read' | 'createdAt'>): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    metadata: row.metadata,
    read: row.read,
    created_at: row.createdAt.toISOString(),
  };
}

/** The donor's own notifications that the app shows: never the markers of notices muted in-app. */
const visibleTo = (userId: string): SQL => and(eq(notifications.userId, userId), eq(notifications.inApp, true)) as SQL;

const columns = {
  id: notifications.id,
  type: notifications.type,
  metadata: notifications.metadata,
  read: notifications.read,
  createdAt: notifications.createdAt,
};

/**
 * One page of a donor's notifications, newest first, and how many match the filters. The page and
 * its total come from one statement (count(*) over the filtered rows, on notifications_user_idx);
 * only a page past the end, which has no row to carry the total, asks for the count again.
 */
export async function listNotifications(
  executor: Executor,
  userId: string,
  query: { read?: boolean; type?: NotificationType; page: number; amount: number },
): Promise<{ items: Notification[]; total: number }> {
  const where = and(
    visibleTo(userId),
    query.read === undefined ? undefined : eq(notifications.read, query.read),
    query.type === undefined ? undefined : eq(notifications.type, query.type),
  );
  const rows = await executor
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.amount)
    .offset(query.page * query.amount);
  if (rows.length > 0) return { items: rows.map(presentNotification), total: rows[0]!.total };
  if (query.page === 0) return { items: [], total: 0 };
  const [counted] = await executor.select({ total: count() }).from(notifications).where(where);
  return { items: [], total: counted?.total ?? 0 };
}

/** Undoes the transaction of markNotifications. */
class NotAllOwn extends Error {}

/**
 * Marks the donor's listed notifications read or unread, all or none: when any id is not one of the
 * donor's own (another donor's, unknown, or a muted marker) nothing changes and null comes back, so
 * the answer never tells another donor's notification from one that does not exist.
 */
export async function markNotifications(
  db: Database,
  userId: string,
  ids: readonly string[],
  read: boolean,
): Promise<Notification[] | null> {
  const unique = [...new Set(ids)];
  try {
    return await db.transaction(async (tx) => {
      const updated = await tx
        .update(notifications)
        .set({ read })
        .where(and(visibleTo(userId), inArray(notifications.id, unique)))
        .returning(columns);
      if (updated.length !== unique.length) throw new NotAllOwn();
      return updated.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map(presentNotification);
    });
  } catch (error) {
    if (error instanceof NotAllOwn) return null;
    throw error;
  }
}
