import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { cardBrandName, type SubscriptionChargeStatus, type SubscriptionStatus } from '../../../contracts';

/** How a subscription's status reads to the donor. */
export const subscriptionStatusText: Record<SubscriptionStatus, MessageDescriptor> = {
  awaiting_authorization: msg`Aguardando autorização no banco`,
  active: msg`Ativa`,
  past_due: msg`Pagamento pendente`,
  paused: msg`Pausada`,
  canceled: msg`Cancelada`,
};

export const chargeStatusText: Record<SubscriptionChargeStatus, MessageDescriptor> = {
  processing: msg`Processando`,
  succeeded: msg`Paga`,
  failed: msg`Recusada`,
};

/** 'Visa •••• 4242' (brand names are not translated). */
export const cardLabel = (card: { brand: string; last4: string }): string => `${cardBrandName(card.brand)} •••• ${card.last4}`;
