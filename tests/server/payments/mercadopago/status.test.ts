import { describe, expect, it } from 'vitest';
import { MercadoPagoError } from '../../../../server/services/payments/mercadopago/errors';
import {
  cardFailureForError,
  mercadoPagoOutcome,
  refundFailureForError,
  REJECTION_FAILURE_CODES,
} from '../../../../server/services/payments/mercadopago/status';
import { errorCodes } from '../../../../contracts/errors';

const card = (status: string, statusDetail: string | null) => mercadoPagoOutcome({ status, statusDetail, paymentMethodId: 'visa' });

describe('Mercado Pago status → our outcome', () => {
  it.each([
    ['approved', 'accredited', 'succeeded'],
    ['approved', 'partially_refunded', 'succeeded'],
    ['in_mediation', null, 'succeeded'],
    ['authorized', 'pending_capture', 'pending'],
    ['pending', 'pending_waiting_transfer', 'pending'],
    ['in_process', 'pending_contingency', 'pending'],
    ['in_process', 'pending_review_manual', 'pending'],
    ['in_process', 'offline_process', 'pending'],
    ['refunded', 'refunded', 'refunded'],
    ['charged_back', 'settled', 'charged_back'],
  ])('%s / %s is %s', (status, detail, outcome) => {
    expect(card(status, detail)).toEqual({ outcome, failureCode: null, known: true });
  });

  it.each([
    ['cc_rejected_insufficient_amount', 'payment.insufficient_funds'],
    ['cc_rejected_bad_filled_security_code', 'payment.bad_security_code'],
    ['cc_rejected_bad_filled_card_number', 'payment.card_data_invalid'],
    ['cc_rejected_bad_filled_date', 'payment.card_data_invalid'],
    ['cc_rejected_bad_filled_other', 'payment.card_data_invalid'],
    ['cc_rejected_call_for_authorize', 'payment.call_for_authorize'],
    ['cc_rejected_card_disabled', 'payment.card_disabled'],
    ['cc_rejected_duplicated_payment', 'payment.duplicated'],
    ['cc_rejected_high_risk', 'payment.declined'],
    ['cc_rejected_max_attempts', 'payment.declined'],
    ['cc_rejected_other_reason', 'payment.declined'],
    ['cc_rejected_blacklist', 'payment.declined'],
    ['cc_rejected_card_error', 'payment.failed'],
  ])('rejected / %s fails with %s', (detail, failureCode) => {
    expect(card('rejected', detail)).toEqual({ outcome: 'failed', failureCode, known: true });
  });

  it('every failure code it gives is one of our error codes (with its message)', () => {
    const ours = new Set<string>(Object.values(errorCodes));
    for (const code of new Set(Object.values(REJECTION_FAILURE_CODES))) expect(ours.has(code), code).toBe(true);
  });

  it('an undocumented rejection is a decline (cc_) or a failure, flagged unknown', () => {
    expect(card('rejected', 'cc_rejected_something_new')).toEqual({ outcome: 'failed', failureCode: 'payment.declined', known: false });
    expect(card('rejected', null)).toEqual({ outcome: 'failed', failureCode: 'payment.failed', known: false });
  });

  it('a cancelled PIX has expired; a cancelled card payment failed', () => {
    expect(mercadoPagoOutcome({ status: 'cancelled', statusDetail: 'expired', paymentMethodId: 'pix' }).outcome).toBe('expired');
    expect(mercadoPagoOutcome({ status: 'cancelled', statusDetail: 'by_collector', paymentMethodId: 'pix' }).outcome).toBe('expired');
    expect(card('cancelled', 'by_collector')).toEqual({ outcome: 'failed', failureCode: 'payment.failed', known: true });
  });

  it('an unknown status confirms nothing: pending, flagged unknown', () => {
    expect(card('something_new', null)).toEqual({ outcome: 'pending', failureCode: null, known: false });
  });
});

const apiError = (status: number, ...codes: string[]) =>
  new MercadoPagoError('api', 'x', { status, causes: codes.map((code) => ({ code, description: code })) });

describe('Mercado Pago errors → our failure codes', () => {
  it('a bad or unknown card token is card.token_invalid; retryable errors give no code', () => {
    expect(cardFailureForError(apiError(400, '2006'))).toBe('card.token_invalid');
    expect(cardFailureForError(apiError(400, '2062'))).toBe('card.token_invalid');
    expect(cardFailureForError(apiError(400, '4037'))).toBe('payment.failed');
    expect(cardFailureForError(apiError(503))).toBeNull();
    expect(cardFailureForError(new MercadoPagoError('timeout', 'slow'))).toBeNull();
  });

  it('refund refusals', () => {
    expect(refundFailureForError(apiError(404, '2000'))).toBe('refund.payment_unknown');
    expect(refundFailureForError(apiError(400, '2063'))).toBe('refund.payment_not_refundable');
    expect(refundFailureForError(apiError(400, '2024'))).toBe('refund.payment_not_refundable');
    expect(refundFailureForError(apiError(400), { requestedCents: 900, refundableCents: 734 })).toBe('refund.exceeds_captured');
    expect(refundFailureForError(apiError(400), { requestedCents: 900, refundableCents: 0 })).toBe('refund.payment_not_refundable');
    expect(refundFailureForError(apiError(400, '4040'))).toBe('refund.failed');
    expect(refundFailureForError(apiError(500))).toBeNull();
  });
});
