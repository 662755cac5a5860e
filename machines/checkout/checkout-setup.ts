import { assign, enqueueActions, setup } from 'xstate';
import { errorCodes } from '../../contracts';
import { checkoutActors, type CheckoutEvent, type CheckoutOutput, type LoaderEvent } from './checkout-actors';
import { failureOf } from './checkout-failures';
import {
  isAddressValid,
  isContactValid,
  isPaymentValid,
  isRequestReady,
  nextStep,
  previousStep,
  refusedStep,
  requestIssues,
  stepOfField,
  submittedOf,
  withDone,
} from './checkout-rules';
import { CHECKOUT_STEPS, type CheckoutContext, type CheckoutFailure, type CheckoutInput, type CheckoutStep } from './checkout-types';
import type { PixOutcome, PixPaymentOutput } from './pix-payment.machine';
import type { SubmissionOutcome } from './submission.machine';

/**
 * The checkout's implementations (types, actors, actions, guards): checkout.machine.ts builds its
 * states on them. Every guard checks a step's data with the contracts' schemas, so a view cannot
 * push invalid data through.
 */
export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent | LoaderEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
  },
  actors: checkoutActors,
  actions: {
    /** Goes to the thank-you page (which offers to share the campaign, when there is one). */
    finish: (_, _params: { amount: number; id: string | null; campaignSlug: string | null }) => {},
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
    /** Names every refused field, so the view can highlight each (docs/spec.md §8: never a bare "check the data"). */
    refuseRequest: assign({ failure: ({ context }) => ({ code: errorCodes.validation, messages: [], fields: requestIssues(context) }) }),
    keepSubmitted: assign({ submitted: (_, params: { outcome: SubmissionOutcome }) => submittedOf(params.outcome) }),
    /** A refusal or decline: its failure, and the next attempt is a new one (new key, new token). */
    rememberDecline: assign((_, params: { failure: CheckoutFailure }) => ({ failure: params.failure, cardToken: null, retryKey: null })),
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
    outcomeIs: (_, params: { outcome: SubmissionOutcome; status: SubmissionOutcome['status'] }) => params.outcome.status === params.status,
    pixOutcomeIs: (_, params: { output: PixPaymentOutput; outcome: PixOutcome }) => params.output.outcome === params.outcome,
    signedIn: ({ context }) => context.signedIn,
    declinedOn: ({ context }, params: { outcome: SubmissionOutcome; step: CheckoutStep }) => {
      const first = params.outcome.status === 'declined' ? params.outcome.failure.fields?.[0] : undefined;
      return first !== undefined && context.steps.includes(params.step) && stepOfField(first.field) === params.step;
    },
  },
});

/** Transitions the step states share. */
export const editingEvents = {
  'amount.changed': { guard: 'isWholeAmount', actions: 'changeAmount' },
  'campaign.changed': { actions: 'changeCampaign' },
  'step.selected': CHECKOUT_STEPS.map((step) => ({ guard: { type: 'canSelect', params: { step } } as const, target: `#checkout.${step}` })),
} as const;

type OutcomeEvent = { event: { output: SubmissionOutcome } };

/** A submission that created something: keep it (its id, and a PIX charge to pay) and go on. */
export const submitted = (target: string) => ({
  target,
  actions: { type: 'keepSubmitted', params: ({ event }: OutcomeEvent) => ({ outcome: event.output }) } as const,
});

/** A refusal or decline: back to a step, with the failure to show. */
export const declinedTo = (target: string) => ({
  target,
  actions: {
    type: 'rememberDecline',
    params: ({ event }: OutcomeEvent) => ({ failure: event.output.status === 'declined' ? event.output.failure : failureOf(null) }),
  } as const,
});

export const backFrom = (from: CheckoutStep) =>
  CHECKOUT_STEPS.map((step) => ({ guard: { type: 'previousIs', params: { from, step } } as const, target: `#checkout.${step}` }));
