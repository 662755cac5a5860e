import { useSelector } from '@xstate/react';
import { sameFields } from '../../app/machine-view';
import type { ActorRefFrom } from 'xstate';
import type { CepLookupResult } from '../../../contracts';
import type {
  CheckoutContext,
  CheckoutFailure,
  CheckoutMachine,
  CheckoutSnapshot,
  CheckoutStep,
} from '../../../machines/checkout/checkout.machine';

/** What the checkout screen renders, selected from the machine's snapshot (tags and context only). */
export interface CheckoutView {
  context: CheckoutContext;
  /** The step on screen: the machine's step state, or the one submitted last while paying. */
  step: CheckoutStep | null;
  busy: boolean;
  interrupted: boolean;
  /** Asking what became of an attempt an earlier visit left without an answer. */
  recovering: boolean;
  waitingPix: boolean;
  pixExpired: boolean;
  redirecting: boolean;
  succeeded: boolean;
  /** Which screen is shown, for moving the focus when it changes. */
  screen: string;
}

export function selectCheckoutView(snapshot: CheckoutSnapshot): CheckoutView {
  const { context } = snapshot;
  const busy = snapshot.hasTag('state:loading');
  const interrupted = snapshot.hasTag('state:interrupted');
  const waitingPix = snapshot.hasTag('state:waiting');
  const pixExpired = snapshot.hasTag('state:expired');
  // Cut by the network, the form is not shown: its one way on is "Tentar de novo" (the same request again).
  const step = context.steps.find((name) => snapshot.hasTag(`step:${name}`)) ?? (busy ? context.lastStep : null);
  return {
    context,
    step,
    busy,
    interrupted,
    recovering: snapshot.hasTag('state:recovering'),
    waitingPix,
    pixExpired,
    redirecting: snapshot.hasTag('state:redirecting'),
    succeeded: snapshot.hasTag('state:succeeded'),
    screen: step ?? (waitingPix ? 'pix' : pixExpired ? 'expired' : String(snapshot.value)),
  };
}

/** Two views are the same when every field is: a snapshot that changes nothing shown re-renders nothing. */
export const sameView = sameFields;

/** What the open step's child machine adds: a gift card being checked, a CEP being looked up and what it found. */
export interface StepView {
  lookingUp: boolean;
  cep: CepLookupResult | null;
  cepFailure: string | null;
  /** The failure to show: the step's own (an unknown gift card) or the checkout's (a declined payment). */
  failure: CheckoutFailure | null;
}

const sameAddressStep = (a: Omit<StepView, 'failure'>, b: Omit<StepView, 'failure'>): boolean =>
  a.lookingUp === b.lookingUp && a.cep === b.cep && a.cepFailure === b.cepFailure;

/**
 * The checkout screen's view: the checkout's own (selectCheckoutView) and the open step's child
 * machine's (each is subscribed to separately, so a CEP lookup re-renders nothing else).
 */
export function useCheckoutView(actor: ActorRefFrom<CheckoutMachine>): CheckoutView & StepView {
  const view = useSelector(actor, selectCheckoutView, sameView);
  const paymentStep = useSelector(actor, (snapshot) => snapshot.children.paymentStep);
  const addressStep = useSelector(actor, (snapshot) => snapshot.children.addressStep);
  const checkingGiftCard = useSelector(paymentStep, (snapshot) => snapshot?.hasTag('state:loading') ?? false);
  const stepFailure = useSelector(paymentStep, (snapshot) => snapshot?.context.failure ?? null);
  const address = useSelector(
    addressStep,
    (snapshot) => ({
      lookingUp: snapshot?.hasTag('state:lookingUp') ?? false,
      cep: snapshot?.context.cep ?? null,
      cepFailure: snapshot?.context.cepFailure ?? null,
    }),
    sameAddressStep,
  );
  return { ...view, ...address, busy: view.busy || checkingGiftCard, failure: stepFailure ?? view.context.failure };
}
