import type { SandboxCardOutcome } from '../../../db/schema/sandbox-gateway';
import type { CardFailureCode } from '../gateway';

/**
 * The sandbox's documented test cards (docs/payments.md). Any other card that passes validation
 * (Luhn, brand, expiry, CVV length) is approved. Tests and e2e specs type these numbers.
 */
export const SANDBOX_TEST_CARDS = {
  visaApproved: { number: '4111111111111111', brand: 'visa', cvv: '123', outcome: 'approve' },
  mastercardApproved: { number: '5555555555554444', brand: 'mastercard', cvv: '123', outcome: 'approve' },
  amexApproved: { number: '378282246310005', brand: 'amex', cvv: '1234', outcome: 'approve' },
  declined: { number: '4000000000000002', brand: 'visa', cvv: '123', outcome: 'decline' },
  insufficientFunds: { number: '4000000000009995', brand: 'visa', cvv: '123', outcome: 'insufficient_funds' },
  /** Approved, but its refunds are refused: the card was closed since (the admin's refund failure). */
  refundFails: { number: '4000000000005126', brand: 'visa', cvv: '123', outcome: 'refund_fails' },
} as const satisfies Record<string, { number: string; brand: string; cvv: string; outcome: SandboxCardOutcome }>;

const OUTCOME_BY_NUMBER = new Map<string, SandboxCardOutcome>(Object.values(SANDBOX_TEST_CARDS).map((card) => [card.number, card.outcome]));

/** What a charge on this card will answer; decided at tokenisation, so the number need not be kept. */
export const outcomeOfCard = (digits: string): SandboxCardOutcome => OUTCOME_BY_NUMBER.get(digits) ?? 'approve';

export const FAILURE_OF_OUTCOME: Record<SandboxCardOutcome, CardFailureCode | null> = {
  approve: null,
  decline: 'payment.declined',
  insufficient_funds: 'payment.insufficient_funds',
  refund_fails: null,
};
