import { assign, type SnapshotFrom } from 'xstate';
import { errorCodes } from '../../contracts';
import { initialContext, pendingPixOf, submissionInputOf } from './checkout-rules';
import {
  backFrom,
  checkoutSetup,
  declinedTo,
  editingEvents,
  outcomeIs,
  reopenRefused,
  submitted,
  type OutcomeEvent,
} from './checkout-setup';
import { CHECKOUT_STEPS } from './checkout-types';
import { required } from '../required';
import type { AddressStepOutput } from './steps/address-step.machine';
import type { ContactStepOutput } from './steps/contact-step.machine';
import type { PaymentStepOutput } from './steps/payment-step.machine';

export * from './checkout-failures';
export * from './checkout-rules';
export * from './checkout-types';
export type { SubmissionAnswer, SubmissionOutcome, PendingPix } from './submission.machine';

/**
 * The checkout (one-time donation, monthly giving, and next the gift-card orders): the input picks
 * the steps and their order, the payment methods and the prefill. It is a router: each step state
 * invokes the step's child machine (steps/: contact, payment, address), which takes the step's events
 * and finishes with its data; then the request goes to the submission (child machine), whose neutral
 * outcome decides where to go.
 *
 *   step states (tags step:*, child *Step) ──last step──► submitting (child `submission`: tokenise, send)
 *        ▲                                     ├─ confirmed ─────────► succeeded (final)
 *        │                                     ├─ pending PIX ───────► awaitingPix (child pixPayment polls) ─► succeeded | pixExpired
 *        └── payment.failed ◄── declined ──────┤─ pending PayPal ────► redirectingToPaypal
 *                                              └─ interrupted ───────► interrupted (retry, same key)
 *
 * Every step's data is checked with the contracts' schemas, by the step and again when it is taken in,
 * so a view cannot push invalid data through; data refused there reopens the step (a new child) with
 * the refused fields named, never a step whose child is gone. Failures keep every form value (and the error code).
 */

export type { CheckoutEvent, CheckoutOutput } from './checkout-actors';

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ amount: context.amount ?? 0, id: context.submitted?.id ?? null }),
  initial: 'starting',
  on: {
    'xstate.done.actor.loadSavedCards': { actions: assign({ savedCards: ({ event }) => event.output }) },
    'xstate.done.actor.loadWalletBalance': { actions: assign({ walletBalance: ({ event }) => event.output }) },
    // docs/spec.md §8: a wallet balance that fails to load is 0; saved cards simply are not offered.
    'xstate.error.actor.loadWalletBalance': { actions: assign({ walletBalance: 0 }) },
    'xstate.error.actor.loadSavedCards': { actions: assign({ savedCards: [] }) },
    // Any screen: nothing typed is lost (a step on screen stays), only what needs an account.
    'account.signedOut': { actions: 'forgetAccount' },
  },
  states: {
    starting: {
      entry: 'loadPaymentOptions',
      always: [{ guard: 'hasOpenAttempt', target: 'recovering' }, { target: 'routing' }],
    },
    // An attempt an earlier visit sent and never heard back about: what became of it decides where the donor is.
    recovering: {
      tags: ['state:loading', 'state:recovering'],
      invoke: {
        id: 'recoverAttempt',
        src: 'recoverAttempt',
        input: ({ context }) => ({ key: required(context.retryKey, 'checkout: the open attempt') }),
        onDone: outcomeTransitions(),
        onError: { target: 'routing', actions: { type: 'rememberUnknownAttempt', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    routing: {
      always: [
        ...CHECKOUT_STEPS.map((step) => ({ guard: { type: 'routeTo', params: { step } } as const, target: step })),
        { guard: 'requestReady', target: 'submitting' },
        // All steps done but the whole request is refused (e.g. no amount): back to the step of the first
        // refused field, or stay where the donor pressed (the amount is on every step).
        ...CHECKOUT_STEPS.map((step) => ({
          guard: { type: 'refusedStepIs', params: { step } } as const,
          target: step,
          actions: 'refuseRequest' as const,
        })),
      ],
    },
    contact: {
      tags: ['step:contact'],
      invoke: {
        id: 'contactStep',
        src: 'contactStep',
        input: ({ context }) => ({
          contact: context.contact,
          message: context.message,
          isAnonymous: context.isAnonymous,
          allowForeigner: context.allowForeigner,
          companyOnly: context.companyOnly,
        }),
        onDone: [
          {
            guard: { type: 'contactDone', params: ({ event }) => event.output },
            target: 'routing',
            actions: { type: 'completeContact', params: ({ event }) => event.output },
          },
          reopenRefused<ContactStepOutput>('contact'),
        ],
      },
      on: { ...editingEvents, 'step.backRequested': backFrom('contact'), 'contact.submitted': { actions: 'toContactStep' } },
    },
    payment: {
      tags: ['step:payment'],
      initial: 'editing',
      invoke: {
        id: 'paymentStep',
        src: 'paymentStep',
        input: ({ context }) => ({ payment: context.payment }),
        onDone: [
          {
            guard: { type: 'paymentDone', params: ({ event }) => event.output },
            target: 'routing',
            actions: { type: 'completePayment', params: ({ event }) => event.output },
          },
          reopenRefused<PaymentStepOutput>('payment'),
        ],
      },
      on: { ...editingEvents, 'step.backRequested': backFrom('payment'), 'payment.submitted': { actions: 'toPaymentStep' } },
      states: {
        editing: {},
        // A refused or declined submission: the failure stays on screen until the step is done again.
        failed: { tags: ['state:failed'] },
      },
    },
    address: {
      tags: ['step:address'],
      invoke: {
        id: 'addressStep',
        src: 'addressStep',
        input: ({ context }) => ({ address: context.address, foreigner: context.contact.foreigner === true }),
        onDone: [
          {
            guard: { type: 'addressDone', params: ({ event }) => event.output },
            target: 'routing',
            actions: { type: 'completeAddress', params: ({ event }) => event.output },
          },
          reopenRefused<AddressStepOutput>('address'),
        ],
      },
      on: {
        ...editingEvents,
        'step.backRequested': backFrom('address'),
        'cep.entered': { actions: 'toAddressStep' },
        'address.submitted': { actions: 'toAddressStep' },
      },
    },
    submitting: {
      tags: ['state:loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'submission',
        src: 'submission',
        input: ({ context }) => submissionInputOf(context),
        onDone: outcomeTransitions(),
      },
    },
    interrupted: {
      tags: ['state:interrupted'],
      on: {
        'checkout.retried': 'submitting',
        'step.selected': editingEvents['step.selected'],
      },
    },
    awaitingPix: {
      tags: ['state:waiting'],
      on: {
        'pix.timedOut': 'pixExpired',
        'step.selected': editingEvents['step.selected'],
      },
      invoke: {
        id: 'pixPayment',
        src: 'pixPayment',
        input: ({ context }) => pendingPixOf(context),
        onDone: [
          {
            guard: { type: 'pixOutcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'confirmed' }) },
            target: 'succeeded',
          },
          {
            guard: { type: 'pixOutcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'expired' }) },
            target: 'pixExpired',
          },
          {
            target: '#checkout.payment.failed',
            actions: assign({
              failure: ({ event }) => ({ code: event.output.payment.failure_code ?? errorCodes.paymentFailed, messages: [] }),
            }),
          },
        ],
      },
    },
    pixExpired: {
      tags: ['state:expired'],
      on: {
        // A new charge, a new key. A PIX found again after a reload has no form behind it: the donor fills it first.
        'pix.regenerationRequested': [
          { guard: 'requestReady', target: 'submitting', actions: assign({ retryKey: null }) },
          { target: 'routing', actions: assign({ retryKey: null }) },
        ],
        'step.selected': editingEvents['step.selected'],
      },
    },
    redirectingToPaypal: { tags: ['state:redirecting'] },
    succeeded: {
      type: 'final',
      tags: ['state:succeeded'],
      entry: {
        type: 'finish',
        params: ({ context }) => ({
          amount: context.amount ?? 0,
          id: context.submitted?.id ?? null,
          campaignSlug: context.campaign?.slug ?? null,
        }),
      },
    },
  },
});

/**
 * Where an attempt's outcome leads, whether it was just sent (submitting) or asked about after a lost
 * answer (recovering): confirmed, an open PIX, PayPal's approval, cut by the network, or refused.
 */
function outcomeTransitions() {
  return [
    { guard: outcomeIs('confirmed'), ...submitted('succeeded') },
    { guard: outcomeIs('pending_pix'), ...submitted('awaitingPix') },
    {
      guard: outcomeIs('pending_paypal'),
      target: 'redirectingToPaypal',
      actions: [
        { type: 'keepSubmitted', params: ({ event }: OutcomeEvent) => ({ outcome: event.output }) },
        {
          type: 'redirectToPaypal',
          params: ({ event }: OutcomeEvent) => ({ url: event.output.status === 'pending_paypal' ? event.output.approveUrl : '' }),
        },
      ],
    },
    {
      guard: outcomeIs('interrupted'),
      target: 'interrupted',
      actions: { type: 'rememberInterruption', params: ({ event }: OutcomeEvent) => ({ outcome: event.output }) },
    },
    // A refusal naming a field of another step goes to that step, where the field is highlighted.
    ...(['contact', 'address'] as const).map((step) => ({
      guard: { type: 'declinedOn', params: ({ event }: OutcomeEvent) => ({ outcome: event.output, step }) } as const,
      ...declinedTo(`#checkout.${step}`),
    })),
    declinedTo('#checkout.payment.failed'),
  ] as const;
}

export type CheckoutMachine = typeof checkoutMachine;
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;
