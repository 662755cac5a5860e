import type { AnyMachineSnapshot } from 'xstate';
import type { CheckoutContext } from '../../machines/checkout/checkout.machine';
import type { GraphEvent } from './support/replay';
import * as f from './checkout.fixtures';

/**
 * The events of the checkout model, shared by the machine's model test and the rendered view's
 * (tests/web/checkout.model.test.tsx): every user action with a valid and an invalid payload, and
 * each actor's outcomes.
 */
export const modelActorNames = ['submission', 'pixPayment', 'lookupCep', 'checkGiftCard', 'loadSavedCards', 'loadWalletBalance'] as const;

export const checkoutModelEvents: GraphEvent[] = [
  { type: 'contact.submitted', contact: f.contact },
  { type: 'contact.submitted', contact: f.invalidContact },
  { type: 'contact.submitted', contact: f.foreignContact },
  { type: 'payment.submitted', payment: f.cardChoice },
  { type: 'payment.submitted', payment: { method: 'pix' } },
  { type: 'payment.submitted', payment: { method: 'paypal' } },
  { type: 'address.submitted', address: f.address },
  { type: 'address.submitted', address: f.foreignAddress },
  { type: 'step.backRequested' },
  { type: 'xstate.done.actor.submission', output: f.outcomes.confirmed },
  { type: 'xstate.done.actor.submission', output: f.outcomes.pendingPix },
  { type: 'xstate.done.actor.submission', output: f.outcomes.pendingPaypal },
  { type: 'xstate.done.actor.submission', output: f.outcomes.declined },
  { type: 'xstate.done.actor.submission', output: f.outcomes.interrupted },
  { type: 'checkout.retried' },
  { type: 'xstate.done.actor.pixPayment', output: f.pixCheck('confirmed') },
  { type: 'xstate.done.actor.pixPayment', output: f.pixCheck('expired') },
  { type: 'pix.regenerationRequested' },
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
