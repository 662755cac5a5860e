import { submissionMachine } from '../../../machines/checkout/submission.machine';
import { controllableActors } from './replay';

/** The checkout's side effects, including the submission's own (tokenise, submit), as controllable fakes. */
export const checkoutEffectNames = [
  'tokenizeCard',
  'submit',
  'pixPayment',
  'lookupCep',
  'checkGiftCard',
  'loadSavedCards',
  'loadWalletBalance',
] as const;

/** Controllable fakes, and the actors to provide the checkout with: the real submission machine runs on the fakes. */
export function controllableCheckout() {
  const controls = controllableActors(checkoutEffectNames);
  const { tokenizeCard, submit, ...rest } = controls.actors;
  return { controls, actors: { ...rest, submission: submissionMachine.provide({ actors: { tokenizeCard, submit } }) } };
}
