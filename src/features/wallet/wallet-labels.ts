import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AutoDonationReason, WalletLotOriginName, WalletStatementEntry } from '../../../contracts';

/** Where a lot of credit came from. */
export const originLabels: Record<WalletLotOriginName, MessageDescriptor> = {
  monthly_credit: msg`Doação mensal`,
  gift_card: msg`Gift card`,
  refund: msg`Estorno`,
  adjustment: msg`Ajuste`,
};

/** What a statement line was. */
export const kindLabels: Record<WalletStatementEntry['kind'], MessageDescriptor> = {
  credit: msg`Crédito`,
  donation: msg`Doação`,
  automatic_donation: msg`Doação automática`,
  refund: msg`Estorno`,
};

/** Why the automatic donation goes where it goes (docs/design.md §6). */
export const reasonLabels: Record<AutoDonationReason, MessageDescriptor> = {
  chosen: msg`Você escolheu esta causa.`,
  most_given: msg`É a causa que você mais apoiou nos últimos 12 meses.`,
  general_fund: msg`Você ainda não escolheu uma causa: vai para o fundo geral.`,
};
