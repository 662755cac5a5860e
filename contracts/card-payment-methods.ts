import type { CardBrand } from './cards';

/**
 * Mercado Pago names a card by its `payment_method_id` ('visa', 'master', 'debelo', …); we name it by brand.
 * Which method a card is comes from Mercado Pago itself (its payment-methods search by the card's BIN: the
 * server's `GET /v1/payment_methods/search`, the browser SDK's `getPaymentMethods({ bin })`), never from a
 * BIN table of ours: its test Mastercard (BIN 503143) is outside the ranges such tables know, and a table
 * cannot say which cards the account may take. Here, so that the server and the checkout read its answer alike.
 */

const BRAND_BY_METHOD: Record<string, CardBrand> = {
  visa: 'visa',
  debvisa: 'visa',
  master: 'mastercard',
  debmaster: 'mastercard',
  amex: 'amex',
  elo: 'elo',
  debelo: 'elo',
  hipercard: 'hipercard',
  diners: 'diners',
};

/** Our brand for a `payment_method_id` (credit or debit), or null for one we do not know. */
export const brandOfPaymentMethod = (paymentMethodId: string): CardBrand | null => BRAND_BY_METHOD[paymentMethodId] ?? null;

/** A method as Mercado Pago's search lists it (`id`, `payment_type_id`, `status`). */
export interface PaymentMethodOfBin {
  id: string;
  paymentTypeId: string | null;
  status: string | null;
}

/** The kinds of method a donation is paid with, in the order we prefer them when a BIN has more than one. */
const CARD_PAYMENT_TYPES = ['credit_card', 'debit_card'] as const;

export interface CardPaymentMethod {
  /** What POST /v1/payments is sent as `payment_method_id`. */
  paymentMethodId: string;
  /** What the donor sees ("Visa final 5682"). */
  brand: CardBrand;
}

/**
 * The method to charge a card with, from what Mercado Pago answered for its BIN: an active credit method
 * (else debit) whose brand we can show; null when there is none, a card Mercado Pago cannot take here.
 */
export function cardMethodOf(methods: readonly PaymentMethodOfBin[]): CardPaymentMethod | null {
  for (const type of CARD_PAYMENT_TYPES)
    for (const method of methods) {
      const brand = brandOfPaymentMethod(method.id);
      if (method.paymentTypeId === type && (method.status === null || method.status === 'active') && brand)
        return { paymentMethodId: method.id, brand };
    }
  return null;
}
