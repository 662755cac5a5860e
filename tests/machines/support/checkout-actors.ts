import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { addressStepMachine } from '../../../machines/checkout/steps/address-step.machine';
import { paymentStepMachine } from '../../../machines/checkout/steps/payment-step.machine';
import { submissionMachine } from '../../../machines/checkout/submission.machine';
import { controllableActors } from './replay';

/** The checkout's side effects, including its children's own (tokenise, submit, gift card, CEP), as controllable fakes. */
export const checkoutEffectNames = [
  'tokenizeCard',
  'submit',
  'pixPayment',
  'lookupCep',
  'checkGiftCard',
  'loadSavedCards',
  'loadWalletBalance',
] as const;

/**
 * Controllable fakes, and the actors to provide the checkout with: the real step and submission
 * machines run on the fakes.
 */
export function controllableCheckout() {
  const controls = controllableActors([checkoutMachine, submissionMachine, paymentStepMachine, addressStepMachine], checkoutEffectNames);
  const { tokenizeCard, submit, lookupCep, checkGiftCard, ...rest } = controls.actors;
  return {
    controls,
    actors: {
      ...rest,
      submission: submissionMachine.provide({ actors: { tokenizeCard, submit } }),
      paymentStep: paymentStepMachine.provide({ actors: { checkGiftCard } }),
      addressStep: addressStepMachine.provide({ actors: { lookupCep } }),
    },
  };
}
