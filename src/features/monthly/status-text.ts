import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  cardBrandName,
  PIX_DEBIT_NOT_ACCEPTED,
  type SubscriptionCharge,
  type SubscriptionChargeStatus,
  type SubscriptionStatus,
} from '../../../contracts';

/** How a subscription's status reads to the donor. */
export const subscriptionStatusText: Record<SubscriptionStatus, MessageDescriptor> = {
  awaiting_authorization: msg`Aguardando autorização no banco`,
  active: msg`Ativa`,
  past_due: msg`Pagamento pendente`,
  paused: msg`Pausada`,
  canceled: msg`Cancelada`,
};

const chargeStatusText: Record<SubscriptionChargeStatus, MessageDescriptor> = {
  processing: msg`Processando`,
  succeeded: msg`Paga`,
  failed: msg`Recusada`,
};

const debitNotAccepted = msg`Débito recusado pelo banco da organização: ela foi avisada e você não precisa fazer nada`;

/** How a charge reads: a month whose debit the NGO's bank refused says so while the NGO puts it right. */
export const chargeSituationText = (charge: Pick<SubscriptionCharge, 'status' | 'failure_code'>): MessageDescriptor =>
  charge.status === 'processing' && charge.failure_code === PIX_DEBIT_NOT_ACCEPTED ? debitNotAccepted : chargeStatusText[charge.status];

/** 'Visa •••• 4242' (brand names are not translated). */
export const cardLabel = (card: { brand: string; last4: string }): string => `${cardBrandName(card.brand)} •••• ${card.last4}`;
