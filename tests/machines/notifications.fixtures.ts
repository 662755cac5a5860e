import type { Notification, NotificationType } from '../../contracts';
import type { NotificationsPage } from '../../machines/notifications/notifications.machine';

/** Notifications and pages for the notifications machine's tests. */

let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
export function notification(id: string, type: NotificationType, read: boolean, metadata: Record<string, unknown> = {}): Notification {
  clock -= 60_000;
  return { id, type, read, metadata, created_at: new Date(clock).toISOString() };
}

const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ids = { donation: uuid(1), charge: uuid(2), gift: uuid(3), orphan: uuid(4), expiring: uuid(5) };

/** Unread: a confirmed donation (with its donation_id). */
export const donation = notification(ids.donation, 'donations', false, {
  donation_id: uuid(101),
  amount: 5000,
  campaign: { slug: 'cozinha-recife', title: 'Cozinha Solidária do Recife' },
});
/** Read: a monthly charge that went through. */
export const charge = notification(ids.charge, 'monthly_charge_succeeded', true, { amount: 3500 });
/** Unread: a gift card received. */
export const gift = notification(ids.gift, 'gift_card_received', false, { amount: 10000 });
/** A donation notice without donation_id: never listed. */
export const orphan = notification(ids.orphan, 'donations', false, { amount: 100 });
export const expiring = notification(ids.expiring, 'credit_expiring', false, { amount: 2000, expires_at: '2026-11-29T03:00:00.000Z' });

/** Page 0 of 45: more pages exist. */
export const firstPage: NotificationsPage = { notifications: [donation, charge], total: 45 };
/** A page that drops a notice (the orphan), with more to come while page × 30 < 45. */
export const pageWithOrphan: NotificationsPage = { notifications: [orphan, gift], total: 45 };
/** Everything there is. */
export const onlyPage: NotificationsPage = { notifications: [expiring], total: 1 };

export const serverError = Object.assign(new Error('Erro desconhecido.'), {
  status: 500,
  code: 'internal',
  messages: ['Erro desconhecido.'],
});
export const forbidden = Object.assign(new Error('forbidden'), {
  status: 404,
  code: 'notification.not_found',
  messages: ['Notificação não encontrada.'],
});
