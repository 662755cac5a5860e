import type { AnyMachineSnapshot } from 'xstate';
import type { CheckoutContext } from '../../machines/checkout/checkout.machine';
import type { GraphEvent } from './support/replay';
import * as f from './checkout.fixtures';

/**
 * The events of the checkout model, shared by the machine's model test and the rendered view's
 * (tests/web/checkout.model.test.tsx): every user action with a valid and an invalid payload, and
 * each actor's outcomes.
 */
export const modelActorNames = [
  'tokenizeCard',
  'submitDonation',
  'pixPayment',
  'lookupCep',
  'checkGiftCard',
  'loadSavedCards',
  'loadWalletBalance',
] as const;

export const checkoutModelEvents: GraphEvent[] = [
  { type: 'contact.submitted', contact: f.contact },
  { type: 'contact.submitted', contact: f.invalidContact },
  { type: 'contact.submitted', contact: f.foreignContact },
  { type: 'payment.submitted', payment: f.cardChoice },
  { type: 'payment.submitted', payment: { method: 'pix' } },
  { type: 'payment.submitted', payment: { method: 'paypal' } },
  { type: 'address.submitted', address: f.address },
  { type: 'address.submitted', address: f.foreignAddress },
  { type: 'step.back' },
  { type: 'xstate.done.actor.tokenizeCard', output: f.cardToken },
  { type: 'xstate.done.actor.submitDonation', output: f.donationResult('card', 'confirmed') },
  { type: 'xstate.done.actor.submitDonation', output: f.donationResult('pix', 'pending') },
  { type: 'xstate.done.actor.submitDonation', output: f.donationResult('paypal', 'pending') },
  { type: 'xstate.error.actor.submitDonation', error: f.declined },
  { type: 'xstate.error.actor.submitDonation', error: f.networkError },
  { type: 'checkout.retried' },
  { type: 'xstate.done.actor.pixPayment', output: { outcome: 'confirmed', result: f.donationResult('pix', 'confirmed') } },
  { type: 'xstate.done.actor.pixPayment', output: { outcome: 'expired', result: f.donationResult('pix', 'expired') } },
  { type: 'pix.regenerate' },
];

/**
 * Bounds the state space: the whole context except what never changes in a run (input) — the
 * context holds no counters, so this is finite, and two paths to the same key really are the same
 * screen with the same data.
 */
export const checkoutModelKey = (snapshot: AnyMachineSnapshot): string => {
  const {
    steps: _steps,
    methods: _methods,
    campaign: _campaign,
    registeredAddress: _registered,
    ...rest
  } = snapshot.context as CheckoutContext;
  return JSON.stringify([snapshot.value, { ...rest, completed: [...rest.completed].sort() }]);
};
