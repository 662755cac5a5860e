import { describe, expect, it } from 'vitest';
import type { SubscriptionResult } from '../../contracts';
import { donationAnswerOf } from '../../src/features/checkout/donation-outcomes';
import { subscriptionAnswerOf } from '../../src/features/monthly/monthly-checkout-services';
import { donationResult } from '../machines/checkout.fixtures';

/** What the checkout does with an API answer whose card is still in review at the provider (Mercado Pago's in_process). */
describe('a card in review', () => {
  it('a donation goes on to the thank-you page (which says it is in review), not to a refusal', () => {
    const result = donationResult('card', 'pending');
    expect(donationAnswerOf(result)).toEqual({ status: 'confirmed', id: result.donation.id });
    expect(donationAnswerOf(donationResult('card', 'failed'))).toMatchObject({ status: 'declined', failureCode: 'payment.declined' });
  });

  it('a monthly donation whose first charge is in review stands; a refused one is declined', () => {
    const subscription = {
      id: 'sub-1',
      status: 'active',
      amount: 5000,
      payment_method: 'card',
      pix_authorization: null,
      card: null,
      billing_day: 26,
      next_charge_at: null,
      retry_count: 0,
      created_at: '2026-11-26T12:00:00.000Z',
      paused_at: null,
      canceled_at: null,
    } satisfies SubscriptionResult['subscription'];
    const charge = (status: SubscriptionResult['charge']['status']): SubscriptionResult['charge'] => ({
      id: 'charge-1',
      status,
      amount: 5000,
      period_start: '2026-11-26T03:00:00.000Z',
      attempt: 0,
      failure_code: status === 'failed' ? 'payment.declined' : null,
      card_brand: 'visa',
      card_last4: '5682',
      created_at: '2026-11-26T12:00:00.000Z',
    });
    expect(subscriptionAnswerOf({ subscription, charge: charge('processing') })).toEqual({ status: 'confirmed', id: 'sub-1' });
    expect(subscriptionAnswerOf({ subscription, charge: charge('failed') })).toEqual({
      status: 'declined',
      id: 'sub-1',
      failureCode: 'payment.declined',
    });
  });
});
