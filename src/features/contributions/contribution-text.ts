import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Contribution } from '../../../contracts/contributions';
import { cardBrandName } from '../../../contracts/cards';
import { PAYMENT_METHOD_LABELS } from '../../app/payment-methods';
import { TYPE_LABELS } from './labels';

const generalFund = msg`Fundo geral`;

/** What the money went to, as one line: the campaign, the general fund, the monthly donation or a gift card. */
export function whatOf(item: Contribution, i18n: I18n): string {
  if (item.type === 'monthly' || item.type === 'gift_card') return i18n._(TYPE_LABELS[item.type]);
  const cause = item.campaign?.title ?? i18n._(generalFund);
  return item.type === 'automatic_donation' ? i18n._(msg`Doação automática: ${cause}`) : cause;
}

/** 'Cartão de crédito · Visa •••• 1111', 'PIX'; '—' when nothing recorded it. */
export function methodOf(item: Contribution, i18n: I18n): string {
  const method = item.payment_method ? i18n._(PAYMENT_METHOD_LABELS[item.payment_method]) : '—';
  return item.card ? `${method} · ${cardBrandName(item.card.brand)} •••• ${item.card.last4}` : method;
}
