import type { AnyMachineSnapshot } from 'xstate';
import type { CheckoutAddressInput, ContactInput } from '../../contracts';
import type { CheckoutContext, PaymentChoice } from '../../machines/checkout/checkout.machine';
import type { GraphEvent } from './support/replay';
import * as f from './checkout.fixtures';

/**
 * The events of the checkout model, shared by the machine's model test and the rendered view's
 * (tests/web/checkout.model.test.tsx). The checkout routes between its steps' child machines, so a
 * step is done when its child finishes with the step's data (each step machine has its own model
 * test for what it refuses); the rest are the donor's actions and each actor's outcomes.
 */
export const stepActorNames = ['contactStep', 'paymentStep', 'addressStep'] as const;
export const effectActorNames = ['submission', 'recoverAttempt', 'pixPayment', 'loadSavedCards', 'loadWalletBalance'] as const;
export const modelActorNames = [...stepActorNames, ...effectActorNames] as const;

const contactDone = (contact: ContactInput) => ({
  type: 'xstate.done.actor.contactStep',
  output: { contact, message: '', isAnonymous: false },
});
const paymentDone = (payment: PaymentChoice) => ({ type: 'xstate.done.actor.paymentStep', output: { payment } });
const addressDone = (address: CheckoutAddressInput) => ({ type: 'xstate.done.actor.addressStep', output: { address } });

export const checkoutModelEvents: GraphEvent[] = [
  contactDone(f.contact),
  contactDone(f.foreignContact),
  paymentDone(f.cardChoice),
  paymentDone({ method: 'pix' }),
  paymentDone({ method: 'paypal' }),
  addressDone(f.address),
  addressDone(f.foreignAddress),
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
  // A reload that found an attempt left open: what became of it (only reachable with `openAttempt`).
  { type: 'xstate.done.actor.recoverAttempt', output: f.outcomes.confirmed },
  { type: 'xstate.done.actor.recoverAttempt', output: f.outcomes.pendingPix },
  { type: 'xstate.done.actor.recoverAttempt', output: f.outcomes.declined },
  { type: 'xstate.error.actor.recoverAttempt', error: f.attemptUnknown },
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
