import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentMethod } from '../../contracts/donations';

/** How a gift was paid, as the checkout summary and the contributions history name it. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  card: msg`Cartão de crédito`,
  saved_card: msg`Cartão salvo`,
  pix: msg`PIX`,
  paypal: msg`PayPal`,
  gift_card: msg`Gift card`,
  wallet: msg`Saldo da carteira`,
};
