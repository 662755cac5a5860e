import type { CheckoutContext, CheckoutSnapshot, CheckoutStep } from '../../../machines/checkout/checkout.machine';

/** What the checkout screen renders, selected from the machine's snapshot (tags and context only). */
export interface CheckoutView {
  context: CheckoutContext;
  /** The step on screen: the machine's step state, or the one submitted last while paying. */
  step: CheckoutStep | null;
  busy: boolean;
  lookingUp: boolean;
  interrupted: boolean;
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
  const step = context.steps.find((name) => snapshot.hasTag(`step:${name}`)) ?? (busy || interrupted ? context.lastStep : null);
  return {
    context,
    step,
    busy,
    lookingUp: snapshot.hasTag('state:lookingUp'),
    interrupted,
    waitingPix,
    pixExpired,
    redirecting: snapshot.hasTag('state:redirecting'),
    succeeded: snapshot.hasTag('state:succeeded'),
    screen: step ?? (waitingPix ? 'pix' : pixExpired ? 'expired' : String(snapshot.value)),
  };
}

/** Two views are the same when every field is: a snapshot that changes nothing shown re-renders nothing. */
export const sameView = (a: CheckoutView, b: CheckoutView): boolean =>
  (Object.keys(a) as Array<keyof CheckoutView>).every((key) => a[key] === b[key]);
