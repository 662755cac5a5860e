import { and, assign, type SnapshotFrom } from 'xstate';
import { errorCodes } from '../../contracts';
import { failureOf } from './checkout-failures';
import { initialContext, pendingPixOf, stillValid, submissionInputOf, withDone } from './checkout-rules';
import { backFrom, checkoutSetup, declinedTo, editingEvents, submitted } from './checkout-setup';
import { CHECKOUT_STEPS, type CheckoutContext } from './checkout-types';
import type { SubmissionOutcome } from './submission.machine';

export * from './checkout-failures';
export * from './checkout-rules';
export * from './checkout-types';
export type { SubmissionAnswer, SubmissionOutcome, PendingPix } from './submission.machine';

/**
 * The checkout (one-time donation, monthly giving, and next the gift-card orders): the input picks
 * the steps and their order, the payment methods and the prefill. It routes between the steps and
 * hands the request to the submission (child machine), whose neutral outcome decides where to go.
 *
 *   step states (tags step:*) ──last step──► submitting (child `submission`: tokenise, send)
 *        ▲                                     ├─ confirmed ─────────► succeeded (final)
 *        │                                     ├─ pending PIX ───────► awaitingPix (child pixPayment polls) ─► succeeded | pixExpired
 *        └── payment.failed ◄── declined ──────┤─ pending PayPal ────► redirectingToPaypal
 *                                              └─ interrupted ───────► interrupted (retry, same key)
 *
 * Every step's data is checked with the contracts' schemas in guards, so a view cannot push invalid
 * data through. Failures keep every form value (and the error code) in context.
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
  },
  states: {
    starting: {
      entry: 'loadPaymentOptions',
      always: { target: 'routing' },
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
      on: {
        ...editingEvents,
        'step.backRequested': backFrom('contact'),
        'contact.submitted': {
          guard: 'contactValid',
          target: 'routing',
          actions: [
            assign(({ context, event }) => {
              const next: CheckoutContext = {
                ...context,
                contact: event.contact,
                message: event.message ?? '',
                isAnonymous: event.is_anonymous ?? false,
                // A foreigner's address needs no CEP; a Brazilian's country is Brazil.
                address: event.contact.foreigner ? context.address : { ...context.address, country: 'BR' },
              };
              return {
                ...next,
                completed: withDone(next, stillValid(next), 'contact'),
                lastStep: 'contact',
                failure: null,
                retryKey: null,
              };
            }),
          ],
        },
      },
    },
    payment: {
      tags: ['step:payment'],
      initial: 'editing',
      on: {
        ...editingEvents,
        'step.backRequested': backFrom('payment'),
        'payment.submitted': [
          { guard: and(['paymentValid', 'isGiftCard']), target: '.checkingGiftCard', actions: 'choosePayment', reenter: true },
          { guard: 'paymentValid', target: 'routing', actions: 'choosePayment' },
        ],
      },
      states: {
        editing: {},
        checkingGiftCard: {
          tags: ['state:loading'],
          invoke: {
            id: 'checkGiftCard',
            src: 'checkGiftCard',
            input: ({ context }) => ({ code: context.payment?.method === 'gift_card' ? context.payment.code : '' }),
            onDone: [
              {
                guard: { type: 'giftCardCovers', params: ({ event }) => ({ balance: event.output.balance }) },
                target: '#checkout.routing',
              },
              {
                target: 'failed',
                actions: [assign({ failure: { code: errorCodes.giftCardInsufficient, messages: [] } }), 'forgetPayment'],
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, fallback: errorCodes.giftCardNotFound }) },
                'forgetPayment',
              ],
            },
          },
        },
        failed: { tags: ['state:failed'] },
      },
    },
    address: {
      tags: ['step:address'],
      initial: 'editing',
      on: {
        ...editingEvents,
        'step.backRequested': backFrom('address'),
        'cep.entered': { target: '.lookingUp', reenter: true },
        'address.submitted': {
          guard: 'addressValid',
          target: 'routing',
          actions: assign(({ context, event }) => ({
            address: event.address,
            completed: withDone(context, context.completed, 'address'),
            lastStep: 'address' as const,
            failure: null,
            retryKey: null,
          })),
        },
      },
      states: {
        editing: {},
        lookingUp: {
          tags: ['state:lookingUp'],
          entry: assign({ cepFailure: null }),
          invoke: {
            id: 'lookupCep',
            src: 'lookupCep',
            input: ({ event }) => ({ cep: event.type === 'cep.entered' ? event.cep : '' }),
            onDone: { target: 'editing', actions: assign({ cep: ({ event }) => event.output }) },
            // 'CEP não encontrado': the donor can still type the address by hand.
            onError: {
              target: 'editing',
              actions: assign({ cep: null, cepFailure: ({ event }) => failureOf(event.error, errorCodes.cepNotFound).code }),
            },
          },
        },
      },
    },
    submitting: {
      tags: ['state:loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'submission',
        src: 'submission',
        input: ({ context }) => submissionInputOf(context),
        onDone: [
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output, status: 'confirmed' }) },
            ...submitted('succeeded'),
          },
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output, status: 'pending_pix' }) },
            ...submitted('awaitingPix'),
          },
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output, status: 'pending_paypal' }) },
            target: 'redirectingToPaypal',
            actions: [
              { type: 'keepSubmitted', params: ({ event }) => ({ outcome: event.output }) },
              {
                type: 'redirectToPaypal',
                params: ({ event }) => ({ url: event.output.status === 'pending_paypal' ? event.output.approveUrl : '' }),
              },
            ],
          },
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output, status: 'interrupted' }) },
            target: 'interrupted',
            actions: assign(({ event }) =>
              event.output.status === 'interrupted'
                ? { retryKey: event.output.retryKey, failure: event.output.failure, cardToken: event.output.cardToken }
                : {},
            ),
          },
          // A refusal naming a field of another step goes to that step, where the field is highlighted.
          ...(['contact', 'address'] as const).map((step) => ({
            guard: {
              type: 'declinedOn',
              params: ({ event }: { event: { output: SubmissionOutcome } }) => ({ outcome: event.output, step }),
            } as const,
            ...declinedTo(`#checkout.${step}`),
          })),
          declinedTo('#checkout.payment.failed'),
        ],
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
        'pix.regenerationRequested': { target: 'submitting', actions: assign({ retryKey: null }) },
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

export type CheckoutMachine = typeof checkoutMachine;
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;
