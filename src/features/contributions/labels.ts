import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CardBrand } from '../../../contracts/cards';
import type { ContributionStatus, ContributionType } from '../../../contracts/contributions-search';
import type { PaymentMethod } from '../../../contracts/donations';

const BRANDS: Record<CardBrand, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', elo: 'Elo', hipercard: 'Hipercard', diners: 'Diners Club', discover: 'Discover', jcb: 'JCB',
};
/** Brand names are names: the same in every language. */
export const brandName = (brand: CardBrand): string => BRANDS[brand] ?? brand;

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

export const METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  card: msg`Cartão de crédito`,
  saved_card: msg`Cartão salvo`,
  pix: msg`PIX`,
  paypal: msg`PayPal`,
  gift_card: msg`Gift card`,
  wallet: msg`Saldo da carteira`,
};

export const PERIOD_LABELS: Record<'30d' | '90d' | '12m', MessageDescriptor> = {
  '30d': msg`Últimos 30 dias`,
  '90d': msg`Últimos 90 dias`,
  '12m': msg`Últimos 12 meses`,
};
