import { fromPromise } from 'xstate';
import {
  errorCodes,
  type DonationRequestInput,
  type Payment,
  type Subscription,
  type SubscriptionRequestInput,
  type SubscriptionResult,
} from '../../../contracts';
import { checkoutMachine, type CheckoutMachine, type SubmissionAnswer } from '../../../machines/checkout/checkout.machine';
import { pixPaymentMachine, type PixCheck } from '../../../machines/checkout/pix-payment.machine';
import { monthlyGateMachine } from '../../../machines/monthly/monthly-gate.machine';
import { subscriptionsApi, type CurrentSubscription } from '../../lib/api/subscriptions';
import { http } from '../../lib/http/api-client';
import {
  checkoutSupportActors,
  realCheckoutSupport,
  submissionWith,
  type CheckoutSupportServices,
} from '../../lib/actors/checkout-support';

/** Everything the monthly checkout does outside itself; the real ones call the API and the gateway. */
export interface MonthlyCheckoutServices extends CheckoutSupportServices {
  createSubscription(request: SubscriptionRequestInput, options: { idempotencyKey?: string | null }): Promise<SubscriptionResult>;
  getCurrentSubscription(): Promise<CurrentSubscription>;
  /** Whether this site takes monthly giving by Pix Automático (GET /payments/config). */
  offersMonthlyPix(): Promise<boolean>;
}

export const realMonthlyCheckoutServices: MonthlyCheckoutServices = {
  ...realCheckoutSupport,
  createSubscription: (request, options) => subscriptionsApi.createSubscription(request, options),
  getCurrentSubscription: () => subscriptionsApi.getCurrent(),
  offersMonthlyPix: async () => (await http.get<{ monthly_pix?: boolean }>('/payments/config')).data.monthly_pix === true,
};

/** A refusal shaped like the API's (code + texts), so the checkout shows it on the payment step. */
const refusal = (messages: string[]) =>
  Object.assign(new Error(messages.join(' ')), { status: 400, code: errorCodes.validation, messages });

/**
 * The checkout sends a donation's request; POST /subscriptions takes the same contact, address and
 * card. A new card goes as its token (the API keeps it for the next months, so `save_card` does not
 * apply); a saved card by id; PIX as Pix Automático. Other methods never reach here (the monthly checkout
 * does not offer them), nor an amount outside the monthly range (the machine's `amountRange`).
 */
export function subscriptionRequestOf(request: DonationRequestInput): SubscriptionRequestInput {
  const { payment } = request;
  if (payment.method !== 'card' && payment.method !== 'saved_card' && payment.method !== 'pix') throw refusal([]);
  if (!request.address) throw refusal([]);
  return {
    amount: request.amount,
    payment:
      payment.method === 'pix'
        ? { method: 'pix_automatico' }
        : payment.method === 'card'
          ? { method: 'card', card_token: payment.card_token }
          : { method: 'saved_card', card_id: payment.card_id },
    contact: request.contact,
    address: request.address,
  };
}

/**
 * A subscription's answer in the checkout's terms: the first month's charge decides. A declined first
 * charge normally arrives as a 402 (the submission's refusal path); this covers a 201 whose charge did
 * not succeed.
 */
export function subscriptionAnswerOf({ subscription, charge }: SubscriptionResult): SubmissionAnswer {
  // Pix Automático: the donor pays the combined QR in their bank app; the checkout waits as for a PIX.
  if (subscription.status === 'awaiting_authorization' && subscription.pix_authorization)
    return {
      status: 'pending_pix',
      id: subscription.id,
      pix: { id: subscription.id, receiptToken: null, payment: pixPaymentOf(subscription) },
    };
  // 'processing': the card is in review at the provider; the subscription stands and its look-up settles the charge.
  if (charge.status === 'succeeded' || charge.status === 'processing') return { status: 'confirmed', id: subscription.id };
  return { status: 'declined', id: subscription.id, failureCode: charge.failure_code ?? errorCodes.paymentFailed };
}

/** The combined QR in the checkout's payment terms (what its PIX panel shows). */
function pixPaymentOf(subscription: Subscription): Payment {
  const pix = subscription.pix_authorization;
  return {
    method: 'pix',
    status: subscription.status === 'awaiting_authorization' ? 'pending' : subscription.status === 'canceled' ? 'expired' : 'succeeded',
    failure_code: null,
    card_brand: null,
    card_last4: null,
    br_code: pix?.br_code ?? null,
    qr_code: pix?.qr_code ?? null,
    expires_at: pix?.expires_at ?? null,
    approve_url: null,
    sandbox_pay_url: null,
  };
}

/** The donor's subscription as the PIX wait reads it: paid and authorised, ended (the QR expired), or still open. */
export function subscriptionPixCheckOf(subscription: Subscription | null, waitingFor: string): PixCheck | null {
  if (!subscription || subscription.id !== waitingFor) return null;
  const outcome = subscription.status === 'awaiting_authorization' ? null : subscription.status === 'canceled' ? 'expired' : 'confirmed';
  return { outcome, payment: pixPaymentOf(subscription) };
}

export interface MonthlyCheckoutEffects {
  /** Where a subscription whose first month was paid goes (the monthly thank-you page). */
  finish(amount: number): void;
}

/**
 * The shared checkout machine wired for monthly giving: the submit actor POSTs /subscriptions with an
 * Idempotency-Key (`retryKey` is the key of an attempt cut by a network error, so a retry reuses it;
 * null: a new key). PIX is Pix Automático, followed on GET /subscriptions/current until the combined QR
 * is paid; PayPal, gift card and wallet are never offered here, so their actors stay the machine's
 * placeholders (they fail loudly if ever reached).
 */
export function provideMonthlyCheckout(services: MonthlyCheckoutServices, effects: MonthlyCheckoutEffects): CheckoutMachine {
  return checkoutMachine.provide({
    actors: {
      submission: submissionWith(services, async (input) =>
        subscriptionAnswerOf(await services.createSubscription(subscriptionRequestOf(input.request), { idempotencyKey: input.retryKey })),
      ),
      pixPayment: pixPaymentMachine.provide({
        actors: {
          checkPayment: fromPromise<PixCheck, { id: string; receiptToken: string | null }>(async ({ input }) => {
            const check = subscriptionPixCheckOf((await services.getCurrentSubscription()).subscription, input.id);
            // Another subscription (or none) answered: the one waited for is no longer the donor's current one.
            if (!check) throw new Error(`subscription ${input.id} is not the current one`);
            return check;
          }),
        },
      }),
      // The wallet is never offered here: its balance is not asked for (no donor id).
      ...checkoutSupportActors(services, null),
    },
    actions: {
      finish: (_, { amount }) => effects.finish(amount),
    },
  });
}

/** The gate before the checkout (visitor, already giving monthly, or ready) with the real API. */
export const provideMonthlyGate = (services: MonthlyCheckoutServices) =>
  monthlyGateMachine.provide({
    actors: {
      loadSubscription: fromPromise<{ subscription: Subscription | null; monthlyPix?: boolean }>(async () => {
        const [current, monthlyPix] = await Promise.all([
          services.getCurrentSubscription(),
          services.offersMonthlyPix().catch(() => false),
        ]);
        return { subscription: current.subscription, monthlyPix };
      }),
    },
  });
