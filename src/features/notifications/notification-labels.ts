import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationChannel, NotificationType } from '../../../contracts';
import type { NotificationsOperation, ReadFilter } from '../../../machines/notifications/notifications.machine';

/** Names of types, channels and filters, and what each failure means to the donor. */

export const typeLabels: Record<NotificationType, MessageDescriptor> = {
  donations: msg`Doações confirmadas`,
  monthly_charge_succeeded: msg`Doação mensal cobrada`,
  monthly_charge_failed: msg`Falha na doação mensal`,
  automatic_donation: msg`Doações automáticas do seu crédito`,
  gift_card_received: msg`Gift cards recebidos`,
  credit_expiring: msg`Crédito perto de vencer`,
  yearly_statement: msg({ id: 'notifications.type.yearly_statement', message: 'Comprovante anual de doações' }),
};

export const channelLabels: Record<NotificationChannel, MessageDescriptor> = {
  in_app: msg`Aqui no Semear`,
  email: msg`Por e-mail`,
};

export const readFilterLabels: Record<ReadFilter, MessageDescriptor> = {
  all: msg`Todas`,
  unread: msg`Não lidas`,
  read: msg`Lidas`,
};

export const failureTexts: Record<NotificationsOperation, MessageDescriptor> = {
  load: msg`Não conseguimos carregar suas notificações. Verifique sua conexão e tente de novo.`,
  markRead: msg`Não conseguimos marcar como lida. A lista voltou a ser como estava; tente de novo.`,
  markUnread: msg`Não conseguimos marcar como não lida. A lista voltou a ser como estava; tente de novo.`,
  count: msg`Não conseguimos contar as notificações não lidas agora.`,
};
