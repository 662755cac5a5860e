import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { donorMessages as dm } from './donor-messages';

/**
 * Notifications (docs/spec.md §3, §4, §7). Every type is a thing that happened to the donor's money;
 * `donations` is the spec's own example and carries metadata.donation_id.
 */
export const NOTIFICATION_TYPES = [
  'donations',
  'monthly_charge_succeeded',
  'monthly_charge_failed',
  'automatic_donation',
  'gift_card_received',
  'credit_expiring',
  /** January's e-mail of last year's statement (docs/privacy.md): muting it is the opt-out. */
  'yearly_statement',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** donation_id, amount (cents), campaign {slug,title}, subscription_id, expires_at... by type. */
  metadata: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

const booleanQuery = z.enum(['true', 'false'], { error: dm.notificationReadFilterInvalid.id }).transform((v) => v === 'true');
const notificationType = z.enum(NOTIFICATION_TYPES, { error: dm.notificationTypeInvalid.id });

/** GET /notifications?read&page&amount&type; total in x-total-count. */
export const notificationQuerySchema = z.object({
  read: booleanQuery.optional(),
  type: notificationType.optional(),
  page: z.coerce
    .number({ error: dm.notificationPageInvalid.id })
    .int({ error: dm.notificationPageInvalid.id })
    .min(0, { error: dm.notificationPageInvalid.id })
    .max(10_000, { error: dm.notificationPageInvalid.id })
    .default(0),
  amount: z.coerce
    .number({ error: dm.notificationAmountInvalid.id })
    .int({ error: dm.notificationAmountInvalid.id })
    .min(1, { error: dm.notificationAmountInvalid.id })
    .max(MAX_PAGE_SIZE, { error: dm.notificationAmountInvalid.id })
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationQuery = z.input<typeof notificationQuerySchema>;

/** PATCH /notifications: marks the listed notifications (the caller's own) read or unread. */
export const notificationPatchSchema = z.object({
  notification_id: z
    .array(z.uuid({ error: dm.notificationIdsInvalid.id }), { error: dm.notificationIdsInvalid.id })
    .min(1, { error: dm.notificationIdsInvalid.id })
    .max(MAX_PAGE_SIZE, { error: dm.notificationIdsInvalid.id }),
  read: z.boolean({ error: dm.notificationReadRequired.id }),
});
export type NotificationPatch = z.infer<typeof notificationPatchSchema>;

/** GET /notification-types. */
export const notificationTypesSchema = z.object({ notificationTypes: z.array(z.object({ type: z.enum(NOTIFICATION_TYPES) })) });

/**
 * GET / PUT /notification-preferences (docs/spec.md §3): `types` are the types the donor wants to hear
 * about, `channels` how (in-app, e-mail). A type left out is muted on every channel.
 */
export const notificationPreferencesSchema = z.object({
  types: z.array(z.object({ type: notificationType }, { error: dm.notificationTypeInvalid.id }), {
    error: dm.notificationPreferencesInvalid.id,
  }),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS, { error: dm.notificationChannelInvalid.id }), {
    error: dm.notificationPreferencesInvalid.id,
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
