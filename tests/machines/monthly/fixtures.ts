import type { SavedCard, Subscription, SubscriptionCharge } from '../../../contracts';

/** A subscription as GET /subscriptions/current answers it; tests change only what they are about. */
export const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: '7d1f4a52-1c1e-4f7a-9a51-5b0f8f0f2a01',
  status: 'active',
  amount: 5000,
  payment_method: 'card',
  pix_authorization: null,
  card: { id: '0f9c5a2e-2b7d-4d1c-8f3e-9a6b1c2d3e4f', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  billing_day: 15,
  next_charge_at: '2026-12-15T12:00:00.000Z',
  retry_count: 0,
  created_at: '2026-11-15T12:00:00.000Z',
  paused_at: null,
  canceled_at: null,
  ...over,
});

export const charge = (over: Partial<SubscriptionCharge> = {}): SubscriptionCharge => ({
  id: 'c0a80101-0000-4000-8000-000000000001',
  status: 'succeeded',
  amount: 5000,
  period_start: '2026-11-15T12:00:00.000Z',
  attempt: 1,
  failure_code: null,
  card_brand: 'visa',
  card_last4: '4242',
  created_at: '2026-11-15T12:00:01.000Z',
  ...over,
});

export const otherCard: SavedCard = {
  id: '5b6c7d8e-9f01-4a2b-8c3d-4e5f6a7b8c9d',
  brand: 'mastercard',
  last4: '5454',
  exp_month: 6,
  exp_year: 2029,
  holder_name: 'ANA SOUZA',
  is_default: false,
  created_at: '2026-10-01T12:00:00.000Z',
};

export const currentCard: SavedCard = { ...otherCard, id: subscription().card!.id, brand: 'visa', last4: '4242', is_default: true };

/** An ApiRequestError-shaped rejection. */
export const apiError = (status: number, code = 'subscription.not_found') =>
  Object.assign(new Error(code), { name: 'ApiRequestError', status, code, messages: [code] });
