import { cardBrand, type CardBrand } from '../../../../contracts/cards';

/**
 * Mercado Pago names a card by its `payment_method_id` ('visa', 'master', 'debvisa', …); we name it
 * by brand. A card token does not carry the method: its first six digits (the BIN) give the brand.
 */

const METHOD_BY_BRAND: Partial<Record<CardBrand, string>> = {
  visa: 'visa',
  mastercard: 'master',
  amex: 'amex',
  elo: 'elo',
  hipercard: 'hipercard',
  diners: 'diners',
};

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

/** The `payment_method_id` of a credit card of this brand, or null when Mercado Pago Brazil takes none. */
export const cardPaymentMethodId = (brand: CardBrand): string | null => METHOD_BY_BRAND[brand] ?? null;

/** Our brand for a `payment_method_id` (credit or debit), or null for one we do not know. */
export const brandOfPaymentMethod = (paymentMethodId: string): CardBrand | null => BRAND_BY_METHOD[paymentMethodId] ?? null;

/** The brand of a token or saved card from its first six digits. */
export const brandOfBin = (firstSix: string | null): CardBrand | null => (firstSix ? cardBrand(firstSix) : null);
