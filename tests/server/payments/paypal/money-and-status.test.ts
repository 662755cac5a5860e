import { describe, expect, it } from 'vitest';
import { centsToPaypalValue, paypalValueToCents } from '../../../../server/services/payments/paypal/money';
import {
  needsCapture,
  outcomeOfCapture,
  outcomeOfOrder,
  PAYPAL_CAPTURE_STATUSES,
  PAYPAL_ORDER_STATUSES,
  type PaypalCaptureStatus,
  type PaypalOrderStatus,
  type PaypalOutcome,
} from '../../../../server/services/payments/paypal/status';

describe('PayPal amounts', () => {
  it.each([
    [29, '0.29'],
    [1234, '12.34'],
    [1_999_999, '19999.99'],
    [5, '0.05'],
    [100, '1.00'],
  ])('%i cents travel as %s and come back whole', (cents, value) => {
    expect(centsToPaypalValue(cents)).toBe(value);
    expect(paypalValueToCents(value)).toBe(cents);
  });

  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['0.1', 10],
  ])('PayPal may answer %s: %i cents', (value, cents) => {
    expect(paypalValueToCents(value)).toBe(cents);
  });

  it.each(['12.345', '-1.00', '1e3', '12,34', '', ' 12.34', '.5'])('refuses %j instead of guessing', (value) => {
    expect(() => paypalValueToCents(value)).toThrow(RangeError);
  });

  it.each([-1, 1.5, Number.NaN])('refuses to send %s cents', (cents) => {
    expect(() => centsToPaypalValue(cents)).toThrow(RangeError);
  });
});

describe('PayPal statuses → our outcomes', () => {
  const CAPTURES: [PaypalCaptureStatus, PaypalOutcome][] = [
    ['COMPLETED', { outcome: 'succeeded' }],
    ['PENDING', { outcome: 'pending' }],
    ['DECLINED', { outcome: 'failed', failureCode: 'payment.declined' }],
    ['FAILED', { outcome: 'failed', failureCode: 'payment.failed' }],
    ['PARTIALLY_REFUNDED', { outcome: 'succeeded' }],
    ['REFUNDED', { outcome: 'refunded' }],
    ['REVERSED', { outcome: 'charged_back' }],
  ];

  it('the table covers every capture status', () => {
    expect(CAPTURES.map(([status]) => status).sort()).toEqual([...PAYPAL_CAPTURE_STATUSES].sort());
  });

  it.each(CAPTURES)('capture %s → %o', (status, outcome) => {
    expect(outcomeOfCapture(status)).toEqual(outcome);
  });

  const ORDERS: [PaypalOrderStatus, PaypalOutcome, boolean][] = [
    ['CREATED', { outcome: 'pending' }, false],
    ['PAYER_ACTION_REQUIRED', { outcome: 'pending' }, false],
    ['SAVED', { outcome: 'pending' }, false],
    ['APPROVED', { outcome: 'pending' }, true],
    ['VOIDED', { outcome: 'failed', failureCode: 'payment.failed' }, false],
    ['COMPLETED', { outcome: 'pending' }, false],
  ];

  it('the table covers every order status', () => {
    expect(ORDERS.map(([status]) => status).sort()).toEqual([...PAYPAL_ORDER_STATUSES].sort());
  });

  it.each(ORDERS)('order %s without a capture → %o (capture now: %s)', (status, outcome, capture) => {
    expect(outcomeOfOrder({ status, captures: [] })).toEqual(outcome);
    expect(needsCapture({ status })).toBe(capture);
  });

  it.each(CAPTURES)('a COMPLETED order is what its capture is: %s', (status, outcome) => {
    expect(outcomeOfOrder({ status: 'COMPLETED', captures: [{ status }] })).toEqual(outcome);
  });
});
