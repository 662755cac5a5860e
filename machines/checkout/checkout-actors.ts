import { fromPromise } from 'xstate';
import type { CheckoutAddressInput, ContactInput, SavedCard } from '../../contracts';
import type { CheckoutCampaign, CheckoutStep, PaymentChoice } from './checkout-types';
import { pixPaymentMachine } from './pix-payment.machine';
import { addressStepMachine } from './steps/address-step.machine';
import { contactStepMachine } from './steps/contact-step.machine';
import { paymentStepMachine } from './steps/payment-step.machine';
import { submissionMachine, type SubmissionOutcome } from './submission.machine';

/**
 * The checkout machine's events and side effects (placeholders that fail loudly until provided). The
 * step events go to the step's child machine, which decides when the step is done.
 */

export type CheckoutEvent =
  | { type: 'amount.changed'; amount: number }
  | { type: 'campaign.changed'; campaign: CheckoutCampaign | null }
  | { type: 'contact.submitted'; contact: ContactInput; message?: string; is_anonymous?: boolean }
  | { type: 'payment.submitted'; payment: PaymentChoice }
  | { type: 'address.submitted'; address: CheckoutAddressInput }
  /** The donor typed a full CEP: look it up (the view sends it once per 8-digit value). */
  | { type: 'cep.entered'; cep: string }
  | { type: 'step.backRequested' }
  /** Jump back to a step already done (step indicator, summary "Alterar"). */
  | { type: 'step.selected'; step: CheckoutStep }
  | { type: 'pix.regenerationRequested' }
  /** The countdown reached the expiry before the server said so. */
  | { type: 'pix.timedOut' }
  /** Try again a submission that never reached the server. */
  | { type: 'checkout.retried' }
  /** The donor's session ended elsewhere (another tab signed out, or it expired): what needs an account goes. */
  | { type: 'account.signedOut' };

/**
 * The loaders are spawned children (signed-in donors only); their done/error events reach the machine
 * like any other event, so they are part of its event type.
 */
export type LoaderEvent =
  | { type: 'xstate.done.actor.loadSavedCards'; output: SavedCard[] }
  | { type: 'xstate.done.actor.loadWalletBalance'; output: number }
  | { type: 'xstate.error.actor.loadSavedCards'; error: unknown }
  | { type: 'xstate.error.actor.loadWalletBalance'; error: unknown };

export interface CheckoutOutput {
  amount: number;
  /** What the submission created (a donation, a subscription…), once confirmed. */
  id: string | null;
}

/** Side effects of the checkout; the app provides real ones (src/features/checkout), tests fakes. */
export const checkoutActors = {
  /** Tokenises a new card and sends the request; provide `submissionMachine.provide({ actors: { tokenizeCard, submit } })`. */
  submission: submissionMachine,
  /** Polls an open PIX charge; provide `pixPaymentMachine.provide({ actors: { checkPayment } })`. */
  pixPayment: pixPaymentMachine,
  contactStep: contactStepMachine,
  /** Checks a gift card before the step is done; provide `paymentStepMachine.provide({ actors: { checkGiftCard } })`. */
  paymentStep: paymentStepMachine,
  /** Looks a CEP up; provide `addressStepMachine.provide({ actors: { lookupCep } })`. */
  addressStep: addressStepMachine,
  /**
   * What became of the attempt sent with `key` whose answer never arrived: its outcome, or a rejection
   * when nothing arrived under the key (or the server could not be reached): the donor goes on.
   */
  recoverAttempt: fromPromise<SubmissionOutcome, { key: string }>(async () => {
    throw new Error('checkout: recoverAttempt not provided');
  }),
  loadSavedCards: fromPromise<SavedCard[]>(async () => {
    throw new Error('checkout: loadSavedCards not provided');
  }),
  loadWalletBalance: fromPromise<number>(async () => {
    throw new Error('checkout: loadWalletBalance not provided');
  }),
};
