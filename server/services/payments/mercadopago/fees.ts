import { reaisToCentsRounded } from './money';

/** One entry of a payment's `fee_details`, as Mercado Pago's Payments API documents it. */
export interface MercadoPagoFeeDetail {
  /** `mercadopago_fee`, `financing_fee`, `application_fee`, `coupon_fee`, `shipping_fee`… */
  type: string;
  /** Decimal reais; fees may carry more than two decimals. */
  amount: number;
  /** Who pays it: `collector` (the NGO, whose account received the payment) or `payer` (the donor). */
  fee_payer?: string | null;
}

/**
 * What Mercado Pago keeps of a payment for us to pay (docs/payments.md, "Fees"): every fee whose payer is
 * the collector, each rounded half up to the cent, summed. A fee the payer pays (financing of
 * installments) was added on top of the donation and is not the NGO's cost. A detail that names no
 * payer is read as the collector's: Mercado Pago's default, and the cautious side for the NGO's books.
 */
export function collectorFeeCents(details: readonly MercadoPagoFeeDetail[] | null | undefined): number {
  return (details ?? [])
    .filter((fee) => (fee.fee_payer ?? 'collector') === 'collector')
    .reduce((sum, fee) => sum + reaisToCentsRounded(fee.amount), 0);
}
