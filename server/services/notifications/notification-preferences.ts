import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationPreferences } from '../../../contracts/notifications';
import { notificationSettings } from '../../db/schema';
import type { Executor } from '../../db/types';
import { notificationPreferencesOf } from './create-notification';

/** docs/spec.md §3's shape: types as [{type}], in the order of NOTIFICATION_TYPES. */
export async function readNotificationPreferences(executor: Executor, userId: string): Promise<NotificationPreferences> {
  const saved = await notificationPreferencesOf(executor, userId);
  return {
    types: NOTIFICATION_TYPES.filter((type) => saved.types.includes(type)).map((type) => ({ type })),
    channels: NOTIFICATION_CHANNELS.filter((channel) => saved.channels.includes(channel)),
  };
}

/** Replaces the donor's preferences (repeated entries count once) and answers them as read back. */
export async function saveNotificationPreferences(
  executor: Executor,
  userId: string,
  preferences: NotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  const types = NOTIFICATION_TYPES.filter((type) => preferences.types.some((t) => t.type === type));
  const channels = NOTIFICATION_CHANNELS.filter((channel) => preferences.channels.includes(channel));
  await executor
    .insert(notificationSettings)
    .values({ userId, types, channels, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { types, channels, updatedAt: now } });
  return { types: types.map((type) => ({ type })), channels };
}
