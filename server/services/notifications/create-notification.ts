import { notifications } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Notification types the web app filters on (SPEC.md §3: for example 'donations'). */
export type NotificationType = 'donations';

/** Adds a notification for the user, in the transaction of the change it tells about. */
export async function createNotification(tx: Executor, input: { userId: string; type: NotificationType; metadata: Record<string, unknown>; now: Date }): Promise<void> {
  await tx.insert(notifications).values({ userId: input.userId, type: input.type, metadata: input.metadata, createdAt: input.now });
}
