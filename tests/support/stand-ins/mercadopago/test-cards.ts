/**
 * Mercado Pago's test cards decide the outcome by the cardholder's name (its "Cartões de teste"
 * page); any other name is approved, so e2e can use a real-looking name.
 */
export const MERCADOPAGO_TEST_HOLDERS = {
  APRO: { status: 'approved', statusDetail: 'accredited' },
  OTHE: { status: 'rejected', statusDetail: 'cc_rejected_other_reason' },
  CONT: { status: 'in_process', statusDetail: 'pending_contingency' },
  CALL: { status: 'rejected', statusDetail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_other' },
} as const;

/** The documented test card numbers (Brazil); CVV 123 (1234 for Amex), expiry 11/30. */
export const MERCADOPAGO_TEST_CARDS = {
  mastercard: '5031433215406351',
  visa: '4235647728025682',
  amex: '375365153556885',
  eloDebit: '5067766783888311',
} as const;

export function outcomeOfHolder(name: string): { status: string; statusDetail: string } {
  const first = name.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  return first in MERCADOPAGO_TEST_HOLDERS
    ? MERCADOPAGO_TEST_HOLDERS[first as keyof typeof MERCADOPAGO_TEST_HOLDERS]
    : MERCADOPAGO_TEST_HOLDERS.APRO;
}
