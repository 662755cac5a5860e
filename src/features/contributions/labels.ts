import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContributionStatus, ContributionType } from '../../../contracts/contributions-search';

export const TYPE_LABELS: Record<ContributionType, MessageDescriptor> = {
  donation: msg`Doação`,
  automatic_donation: msg`Doação automática`,
  monthly: msg`Doação mensal`,
  gift_card: msg`Gift card`,
};

export const STATUS_LABELS: Record<ContributionStatus, MessageDescriptor> = {
  paid: msg`Paga`,
  pending: msg`Pendente`,
  failed: msg`Não concluída`,
  refunded: msg`Estornada`,
};

export const PERIOD_LABELS: Record<'30d' | '90d' | '12m', MessageDescriptor> = {
  '30d': msg`Últimos 30 dias`,
  '90d': msg`Últimos 90 dias`,
  '12m': msg`Últimos 12 meses`,
};
