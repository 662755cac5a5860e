import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '../../../contracts/notifications';
import { notifications, notificationSettings } from '../../db/schema';
import type { Executor } from '../../db/types';
import { enqueueMail, type MailToSend } from '../mail/mail-outbox';

export type { NotificationType };

/** What a donor hears about and how (docs/spec.md §3); without saved preferences: everything, everywhere. */
export async function notificationPreferencesOf(
  executor: Executor,
  userId: string,
): Promise<{ types: NotificationType[]; channels: NotificationChannel[] }> {
  const [row] = await executor.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ? { types: row.types, channels: row.channels } : { types: [...NOTIFICATION_TYPES], channels: [...NOTIFICATION_CHANNELS] };
}

/**
 * Tells a donor that something happened, in the transaction of the change it tells about, on the
 * channels their preferences allow: in-app (a notification row) and e-mail (the given mail, queued in
 * the outbox). `dedupeKey` makes the notice happen once (a job that runs twice tells once).
 * Resolves to whether anything was created.
 */
export async function notifyDonor(
  tx: Executor,
  input: {
    userId: string;
    type: NotificationType;
    metadata: Record<string, unknown>;
    now: Date;
    dedupeKey?: string;
    email?: MailToSend | null;
  },
): Promise<boolean> {
  const preferences = await notificationPreferencesOf(tx, input.userId);
  if (!preferences.types.includes(input.type)) return false;
  const inApp = preferences.channels.includes('in_app');
  if (input.dedupeKey) {
    // The row doubles as the "already told" marker, read even when in-app is off.
    const [row] = await tx
      .insert(notifications)
      .values({
        userId: input.userId,
        type: input.type,
        metadata: input.metadata,
        createdAt: input.now,
        dedupeKey: input.dedupeKey,
        read: !inApp,
        inApp,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (!row) return false;
  } else if (inApp) {
    await tx.insert(notifications).values({ userId: input.userId, type: input.type, metadata: input.metadata, createdAt: input.now });
  }
  if (input.email && preferences.channels.includes('email')) await enqueueMail(tx, input.email, input.now);
  return true;
}

/** Adds an in-app notification regardless of preferences (demo data). */
export async function createNotification(
  tx: Executor,
  input: { userId: string; type: NotificationType; metadata: Record<string, unknown>; now: Date },
): Promise<void> {
  await tx.insert(notifications).values({ userId: input.userId, type: input.type, metadata: input.metadata, createdAt: input.now });
}
