import { assertEvent, assign, enqueueActions, sendTo, setup } from 'xstate';
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
  paymentFactsOf,
  stillValid,
  submittedOf,
  withDone,
} from './checkout-rules';
import { CHECKOUT_STEPS, type CheckoutContext, type CheckoutFailure, type CheckoutInput, type CheckoutStep } from './checkout-types';
import type { PixOutcome, PixPaymentOutput } from './pix-payment.machine';
import type { AddressStepOutput } from './steps/address-step.machine';
import type { ContactStepOutput } from './steps/contact-step.machine';
import type { PaymentStepOutput } from './steps/payment-step.machine';
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
    // The children the views read, by id (the open step's machine).
    children: {} as {
      contactStep: 'contactStep';
      paymentStep: 'paymentStep';
      addressStep: 'addressStep';
      submission: 'submission';
      recoverAttempt: 'recoverAttempt';
      pixPayment: 'pixPayment';
      loadSavedCards: 'loadSavedCards';
      loadWalletBalance: 'loadWalletBalance';
    },
  },
  actors: checkoutActors,
  actions: {
    /** Goes to the thank-you page (which offers to share the campaign, when there is one). */
    finish: (_, _params: { amount: number; id: string | null; campaignSlug: string | null }) => {},
    /** window.location.assign(approve_url). */
    redirectToPaypal: (_, _params: { url: string }) => {},
    changeAmount: assign({ amount: ({ context, event }) => (event.type === 'amount.changed' ? event.amount : context.amount) }),
    changeCampaign: assign({ campaign: ({ context, event }) => (event.type === 'campaign.changed' ? event.campaign : context.campaign) }),
    /** Names every refused field, so the view can highlight each (docs/spec.md §8: never a bare "check the data"). */
    refuseRequest: assign({ failure: ({ context }) => ({ code: errorCodes.validation, messages: [], fields: requestIssues(context) }) }),
    keepSubmitted: assign({ submitted: (_, params: { outcome: SubmissionOutcome }) => submittedOf(params.outcome) }),
    /** A refusal or decline: its failure, and the next attempt is a new one (new key, new token). */
    rememberDecline: assign((_, params: { failure: CheckoutFailure }) => ({ failure: params.failure, cardToken: null, retryKey: null })),
    /** Cut by the network: the retry sends the very same request (key and card token). */
    rememberInterruption: assign((_, params: { outcome: SubmissionOutcome }) =>
      params.outcome.status === 'interrupted'
        ? { retryKey: params.outcome.retryKey, failure: params.outcome.failure, cardToken: params.outcome.cardToken }
        : {},
    ),
    /**
     * Signed out elsewhere: the wallet and saved cards are gone with the session, and a payment that
     * needed them is dropped (its step is no longer done); everything typed stays where it is.
     */
    forgetAccount: assign(({ context }) => {
      const needsAccount = context.payment?.method === 'wallet' || context.payment?.method === 'saved_card';
      return {
        signedIn: false,
        savedCards: null,
        walletBalance: null,
        signedOutWhileOpen: context.signedIn,
        payment: needsAccount ? null : context.payment,
        completed: needsAccount ? context.completed.filter((step) => step !== 'payment') : context.completed,
      };
    }),
    /** Nothing is known of the open attempt (nothing arrived, or no answer): say so; the next attempt keeps its key. */
    rememberUnknownAttempt: assign((_, params: { error: unknown }) => ({
      failure: failureOf(params.error, errorCodes.idempotencyInProgress),
    })),
    /** A step's child finished: keep what it gathered; the step is done. */
    completeContact: assign(({ context }, output: ContactStepOutput) => {
      const next: CheckoutContext = {
        ...context,
        ...output,
        // A foreigner's address needs no CEP; a Brazilian's country is Brazil.
        address: output.contact.foreigner ? context.address : { ...context.address, country: 'BR' },
      };
      return { ...next, completed: withDone(next, stillValid(next), 'contact'), ...stepDone('contact') };
    }),
    completePayment: assign(({ context }, { payment }: PaymentStepOutput) => ({
      payment,
      completed: withDone(context, context.completed, 'payment'),
      cardToken: null,
      ...stepDone('payment'),
    })),
    completeAddress: assign(({ context }, { address }: AddressStepOutput) => ({
      address,
      completed: withDone(context, context.completed, 'address'),
      ...stepDone('address'),
    })),
    /**
     * A step's child finished with data the checkout refuses: nothing is taken in, and the refused
     * fields are named, so the reopened step says what to fix.
     */
    refuseStep: assign(({ context }, params: { step: CheckoutStep; draft: Partial<CheckoutContext> }) => ({
      failure: {
        code: errorCodes.validation,
        messages: [],
        fields: requestIssues({ ...context, ...params.draft }).filter((issue) => stepOfField(issue.field) === params.step),
      },
    })),
    /** A step's events go to its child machine; the payment rules also get what they read of the checkout now. */
    toContactStep: sendTo('contactStep', ({ event }) => event),
    toPaymentStep: sendTo('paymentStep', ({ context, event }) => {
      assertEvent(event, 'payment.submitted');
      return { ...event, facts: paymentFactsOf(context) };
    }),
    toAddressStep: sendTo('addressStep', ({ event }) => event),
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
    hasOpenAttempt: ({ context }) => context.retryKey !== null,
    contactDone: ({ context }, { contact, message }: ContactStepOutput) => isContactValid(contact, message, context),
    paymentDone: ({ context }, { payment }: PaymentStepOutput) => isPaymentValid(context, payment),
    addressDone: ({ context }, { address }: AddressStepOutput) => isAddressValid(address, context.contact.foreigner === true),
    needsToken: ({ context }) => context.payment?.method === 'card' && context.cardToken === null,
    outcomeIs: (_, params: { outcome: SubmissionOutcome; status: SubmissionOutcome['status'] }) => params.outcome.status === params.status,
    pixOutcomeIs: (_, params: { output: PixPaymentOutput; outcome: PixOutcome }) => params.output.outcome === params.outcome,
    signedIn: ({ context }) => context.signedIn,
    declinedOn: ({ context }, params: { outcome: SubmissionOutcome; step: CheckoutStep }) => {
      const first = params.outcome.status === 'declined' ? params.outcome.failure.fields?.[0] : undefined;
      return first !== undefined && context.steps.includes(params.step) && stepOfField(first.field) === params.step;
    },
  },
});

// The open attempt's key (retryKey) stays: a changed step is still the same gift, answered by the first attempt if it arrived.
const stepDone = (step: CheckoutStep) => ({ lastStep: step, failure: null });

/** Transitions the step states share. */
export const editingEvents = {
  'amount.changed': { guard: 'isWholeAmount', actions: 'changeAmount' },
  'campaign.changed': { actions: 'changeCampaign' },
  'step.selected': CHECKOUT_STEPS.map((step) => ({ guard: { type: 'canSelect', params: { step } } as const, target: `#checkout.${step}` })),
} as const;

export type OutcomeEvent = { event: { output: SubmissionOutcome } };

/** The guard of an outcome's transition. */
export const outcomeIs = (status: SubmissionOutcome['status']) =>
  ({ type: 'outcomeIs', params: ({ event }: OutcomeEvent) => ({ outcome: event.output, status }) }) as const;

/**
 * The fallback after a step's done guard: the step's child has finished, so staying would leave every
 * later event of the step sent to nobody. The step opens again instead (a new child, from the data the
 * checkout holds), with the refusal on screen.
 */
export const reopenRefused = <Output extends Partial<CheckoutContext>>(step: CheckoutStep) => ({
  target: `#checkout.${step}`,
  reenter: true,
  actions: { type: 'refuseStep', params: ({ event }: { event: { output: Output } }) => ({ step, draft: event.output }) } as const,
});

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
