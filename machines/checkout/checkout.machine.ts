import { and, assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { errorCodes, type CardInput, type DonationRequestInput, type DonationResult } from '../../contracts';
import { checkoutActors, type CheckoutEvent, type CheckoutOutput, type LoaderEvent } from './checkout-actors';
import {
  CHECKOUT_STEPS,
  failureOf,
  initialContext,
  isAddressValid,
  isContactValid,
  isPaymentValid,
  isRequestReady,
  nextStep,
  previousStep,
  refusedStep,
  requestIssues,
  requestOf,
  retryKeyOf,
  stepOfField,
  stillValid,
  withDone,
  type CheckoutContext,
  type CheckoutInput,
  type CheckoutStep,
} from './checkout-rules';
import type { PixOutcome, PixPaymentOutput } from './pix-payment.machine';

export * from './checkout-rules';

/**
 * One-time donation checkout (SPEC.md §2: contact, payment, address + summary), reused by other
 * checkouts: the input picks the steps and their order, the payment methods and the prefill.
 *
 *   step states (tags step:*) ──last step──► submitting (tokenise a new card, then send)
 *        ▲                                     ├─ confirmed ─────────► succeeded (final)
 *        │                                     ├─ PIX pending ───────► awaitingPix (child pixPayment polls) ─► succeeded | pixExpired
 *        └── payment.failed ◄── declined ──────┤─ PayPal pending ────► redirectingToPaypal
 *                                              └─ network error ─────► interrupted (retry, same key)
 *
 * Every step's data is checked with the contracts' schemas in guards, so a view cannot push invalid
 * data through. Failures keep every form value (and the error code) in context.
 */

export type { CheckoutEvent, CheckoutOutput, SubmitDonationInput } from './checkout-actors';

const editingEvents = {
  'amount.changed': { guard: 'isWholeAmount', actions: 'changeAmount' },
  'campaign.changed': { actions: 'changeCampaign' },
  'step.selected': CHECKOUT_STEPS.map((step) => ({ guard: { type: 'canSelect', params: { step } } as const, target: `#checkout.${step}` })),
} as const;

const backFrom = (from: CheckoutStep) =>
  CHECKOUT_STEPS.map((step) => ({ guard: { type: 'previousIs', params: { from, step } } as const, target: `#checkout.${step}` }));

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent | LoaderEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
  },
  actors: checkoutActors,
  actions: {
    /** Goes to the thank-you page (which offers to share the campaign, when there is one). */
    finish: (_, _params: { amount: number; result: DonationResult | null; campaignSlug: string | null }) => {},
    /** window.location.assign(approve_url). */
    redirectToPaypal: (_, _params: { url: string }) => {},
    changeAmount: assign({ amount: ({ context, event }) => (event.type === 'amount.changed' ? event.amount : context.amount) }),
    changeCampaign: assign({ campaign: ({ context, event }) => (event.type === 'campaign.changed' ? event.campaign : context.campaign) }),
    rememberFailure: assign({
      failure: (_, params: { error: unknown; fallback?: string }) => failureOf(params.error, params.fallback),
      cardToken: null,
    }),
    /** A refused gift card leaves the payment step to do again (the typed code stays in `payment`). */
    forgetPayment: assign({ completed: ({ context }) => context.completed.filter((step) => step !== 'payment') }),
    /** Names every refused field, so the view can highlight each (SPEC.md §8: never a bare "check the data"). */
    refuseRequest: assign({ failure: ({ context }) => ({ code: errorCodes.validation, messages: [], fields: requestIssues(context) }) }),
    keepResult: assign({ result: (_, params: { result: DonationResult }) => params.result }),
    choosePayment: assign(({ context, event }) => {
      if (event.type !== 'payment.submitted') return {};
      return {
        payment: event.payment,
        completed: withDone(context, context.completed, 'payment'),
        lastStep: 'payment' as const,
        cardToken: null,
        failure: null,
        retryKey: null,
      };
    }),
    /** Only signed-in donors have cards and a wallet; loading starts at once so the payment step has them. */
    loadPaymentOptions: enqueueActions(({ context, enqueue }) => {
      if (!context.signedIn) return;
      if (context.methods.includes('saved_card')) enqueue.spawnChild('loadSavedCards', { id: 'loadSavedCards' });
      if (context.methods.includes('wallet')) enqueue.spawnChild('loadWalletBalance', { id: 'loadWalletBalance' });
    }),
  },
  guards: {
    isWholeAmount: ({ event }) => event.type === 'amount.changed' && Number.isInteger(event.amount) && event.amount >= 0,
    canSelect: ({ context }, params: { step: CheckoutStep }) =>
      context.steps.includes(params.step) && context.completed.includes(params.step),
    previousIs: ({ context }, params: { from: CheckoutStep; step: CheckoutStep }) => previousStep(context, params.from) === params.step,
    routeTo: ({ context }, params: { step: CheckoutStep }) => nextStep(context) === params.step,
    refusedStepIs: ({ context }, params: { step: CheckoutStep }) => refusedStep(context) === params.step,
    requestReady: ({ context }) => isRequestReady(context),
    contactValid: ({ context, event }) =>
      event.type === 'contact.submitted' && isContactValid(event.contact, event.message, context.allowForeigner),
    paymentValid: ({ context, event }) => event.type === 'payment.submitted' && isPaymentValid(context, event.payment),
    isGiftCard: ({ event }) => event.type === 'payment.submitted' && event.payment.method === 'gift_card',
    addressValid: ({ context, event }) =>
      event.type === 'address.submitted' && isAddressValid(event.address, context.contact.foreigner === true),
    needsToken: ({ context }) => context.payment?.method === 'card' && context.cardToken === null,
    giftCardCovers: ({ context }, params: { balance: number }) => context.amount !== null && params.balance >= context.amount,
    isConfirmed: (_, params: { result: DonationResult }) => params.result.donation.status === 'confirmed',
    pixOutcomeIs: (_, params: { output: PixPaymentOutput; outcome: PixOutcome }) => params.output.outcome === params.outcome,
    isPendingPix: (_, params: { result: DonationResult }) =>
      params.result.payment.method === 'pix' && params.result.payment.br_code !== null,
    isPendingPaypal: (_, params: { result: DonationResult }) =>
      params.result.payment.method === 'paypal' && params.result.payment.approve_url !== null,
    isInterrupted: (_, params: { error: unknown }) => retryKeyOf(params.error) !== null,
    signedIn: ({ context }) => context.signedIn,
    refusedFieldOn: ({ context }, params: { error: unknown; step: CheckoutStep }) => {
      const first = failureOf(params.error).fields?.[0];
      return first !== undefined && context.steps.includes(params.step) && stepOfField(first.field) === params.step;
    },
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ amount: context.amount ?? 0, donationId: context.result?.donation.id ?? null }),
  initial: 'starting',
  on: {
    'xstate.done.actor.loadSavedCards': { actions: assign({ savedCards: ({ event }) => event.output }) },
    'xstate.done.actor.loadWalletBalance': { actions: assign({ walletBalance: ({ event }) => event.output }) },
    // SPEC.md §8: a wallet balance that fails to load is 0; saved cards simply are not offered.
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
        'step.back': backFrom('contact'),
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
        'step.back': backFrom('payment'),
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
        'step.back': backFrom('address'),
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
      initial: 'choosing',
      entry: assign({ failure: null }),
      states: {
        choosing: { always: [{ guard: 'needsToken', target: 'tokenizing' }, { target: 'sending' }] },
        tokenizing: {
          invoke: {
            id: 'tokenizeCard',
            src: 'tokenizeCard',
            input: ({ context }) => ({ card: context.payment?.method === 'card' ? context.payment.card : ({} as CardInput) }),
            onDone: { target: 'sending', actions: assign({ cardToken: ({ event }) => event.output }) },
            onError: {
              target: '#checkout.payment.failed',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, fallback: errorCodes.cardTokenInvalid }) },
            },
          },
        },
        sending: {
          invoke: {
            id: 'submitDonation',
            src: 'submitDonation',
            input: ({ context }) => ({
              request: requestOf(context) as DonationRequestInput,
              campaignSlug: context.campaign?.slug ?? null,
              retryKey: context.retryKey,
            }),
            onDone: [
              {
                guard: { type: 'isConfirmed', params: ({ event }) => ({ result: event.output }) },
                target: '#checkout.succeeded',
                actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'isPendingPix', params: ({ event }) => ({ result: event.output }) },
                target: '#checkout.awaitingPix',
                actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'isPendingPaypal', params: ({ event }) => ({ result: event.output }) },
                target: '#checkout.redirectingToPaypal',
                actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: '#checkout.payment.failed',
                actions: assign({
                  result: ({ event }) => event.output,
                  cardToken: null,
                  failure: ({ event }) => ({ code: event.output.payment.failure_code ?? errorCodes.paymentFailed, messages: [] }),
                }),
              },
            ],
            onError: [
              {
                guard: { type: 'isInterrupted', params: ({ event }) => ({ error: event.error }) },
                target: '#checkout.interrupted',
                actions: assign({ retryKey: ({ event }) => retryKeyOf(event.error), failure: ({ event }) => failureOf(event.error) }),
              },
              // A refusal naming a field of another step goes to that step, where the field is highlighted.
              {
                guard: { type: 'refusedFieldOn', params: ({ event }) => ({ error: event.error, step: 'contact' as const }) },
                target: '#checkout.contact',
                actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, assign({ retryKey: null })],
              },
              {
                guard: { type: 'refusedFieldOn', params: ({ event }) => ({ error: event.error, step: 'address' as const }) },
                target: '#checkout.address',
                actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, assign({ retryKey: null })],
              },
              {
                target: '#checkout.payment.failed',
                actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, assign({ retryKey: null })],
              },
            ],
          },
        },
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
        input: ({ context }) => ({ result: context.result as DonationResult }),
        onDone: [
          {
            guard: { type: 'pixOutcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'confirmed' }) },
            target: 'succeeded',
            actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output.result }) },
          },
          {
            guard: { type: 'pixOutcomeIs', params: ({ event }) => ({ output: event.output, outcome: 'expired' }) },
            target: 'pixExpired',
            actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output.result }) },
          },
          {
            target: '#checkout.payment.failed',
            actions: assign({
              failure: ({ event }) => ({ code: event.output.result.payment.failure_code ?? errorCodes.paymentFailed, messages: [] }),
            }),
          },
        ],
      },
    },
    pixExpired: {
      tags: ['state:expired'],
      on: {
        'pix.regenerate': { target: 'submitting', actions: assign({ retryKey: null }) },
        'step.selected': editingEvents['step.selected'],
      },
    },
    redirectingToPaypal: {
      tags: ['state:redirecting'],
      entry: { type: 'redirectToPaypal', params: ({ context }) => ({ url: context.result?.payment.approve_url ?? '' }) },
    },
    succeeded: {
      type: 'final',
      tags: ['state:succeeded'],
      entry: {
        type: 'finish',
        params: ({ context }) => ({ amount: context.amount ?? 0, result: context.result, campaignSlug: context.campaign?.slug ?? null }),
      },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;
