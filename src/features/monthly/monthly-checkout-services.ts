import { fromPromise } from 'xstate';
import {
  errorCodes,
  type CardInput,
  type CardToken,
  type CepLookupResult,
  type DonationRequestInput,
  type DonationResult,
  type SavedCard,
  type SubscriptionRequestInput,
  type SubscriptionResult,
} from '../../../contracts';
import { checkoutMachine, type CheckoutMachine, type SubmitDonationInput } from '../../../machines/checkout/checkout.machine';
import { monthlyGateMachine } from '../../../machines/monthly/monthly-gate.machine';
import { addressesApi } from '../../lib/api/addresses';
import { donationsApi } from '../../lib/api/donations';
import { subscriptionsApi, type CurrentSubscription } from '../../lib/api/subscriptions';
import { createSandboxTokenizer, type CardTokenizer } from '../../lib/payments/card-tokenizer';

/** Everything the monthly checkout does outside itself; the real ones call the API and the gateway. */
export interface MonthlyCheckoutServices {
  tokenizer: CardTokenizer;
  createSubscription(request: SubscriptionRequestInput, options: { idempotencyKey?: string | null }): Promise<SubscriptionResult>;
  getCurrentSubscription(): Promise<CurrentSubscription>;
  lookupCep(cep: string): Promise<CepLookupResult>;
  listSavedCards(): Promise<SavedCard[]>;
}

export const realMonthlyCheckoutServices: MonthlyCheckoutServices = {
  tokenizer: createSandboxTokenizer({ locale: () => document.documentElement.lang.slice(0, 2) || 'pt' }),
  createSubscription: (request, options) => subscriptionsApi.createSubscription(request, options),
  getCurrentSubscription: () => subscriptionsApi.getCurrent(),
  lookupCep: (cep) => addressesApi.lookupCep(cep),
  listSavedCards: () => donationsApi.listSavedCards(),
};

/** A refusal shaped like the API's (code + texts), so the checkout shows it on the payment step. */
const refusal = (messages: string[]) =>
  Object.assign(new Error(messages.join(' ')), { status: 400, code: errorCodes.validation, messages });

/**
 * The checkout machine speaks donations; POST /subscriptions takes the same contact, address and
 * card. A new card goes as its token (the API keeps it for the next months, so `save_card` does not
 * apply); a saved card by id. Other methods never reach here (the monthly checkout offers card and
 * saved card only), nor an amount outside the monthly range (the machine's `amountRange`).
 */
export function subscriptionRequestOf(request: DonationRequestInput): SubscriptionRequestInput {
  const { payment } = request;
  if (payment.method !== 'card' && payment.method !== 'saved_card') throw refusal([]);
  if (!request.address) throw refusal([]);
  return {
    amount: request.amount,
    payment:
      payment.method === 'card' ? { method: 'card', card_token: payment.card_token } : { method: 'saved_card', card_id: payment.card_id },
    contact: request.contact,
    address: request.address,
  };
}

/**
 * The adapter from a subscription's answer to the checkout machine's result, which decides on
 * `donation.status` ('confirmed' → succeeded; anything else → the payment step with
 * `payment.failure_code`). The donation's id is the subscription's; the first charge gives the
 * status, the card and any failure code. A declined first charge normally arrives as a 402 instead
 * (the machine's error path), so this covers a 201 whose charge did not succeed.
 */
export function donationResultOf(result: SubscriptionResult): DonationResult {
  const { subscription, charge } = result;
  const paid = charge.status === 'succeeded';
  return {
    donation: {
      id: subscription.id,
      status: paid ? 'confirmed' : charge.status === 'failed' ? 'failed' : 'pending',
      amount: charge.amount,
      payment_method: 'card',
      campaign: null,
      is_anonymous: false,
      message: null,
      created_at: charge.created_at,
      confirmed_at: paid ? charge.created_at : null,
    },
    payment: {
      method: 'card',
      status: paid ? 'succeeded' : charge.status,
      failure_code: paid ? null : (charge.failure_code ?? errorCodes.paymentFailed),
      card_brand: charge.card_brand,
      card_last4: charge.card_last4,
      br_code: null,
      qr_code: null,
      expires_at: null,
      approve_url: null,
      sandbox_pay_url: null,
    },
  };
}

export interface MonthlyCheckoutEffects {
  /** Where a subscription whose first month was paid goes (the monthly thank-you page). */
  finish(amount: number): void;
}

/**
 * The shared checkout machine wired for monthly giving: the submit actor POSTs /subscriptions with an
 * Idempotency-Key (`retryKey` is the key of an attempt cut by a network error, so a retry reuses it;
 * null: a new key). PIX, PayPal, gift card and wallet are never offered here, so their actors stay
 * the machine's placeholders (they fail loudly if ever reached).
 */
export function provideMonthlyCheckout(services: MonthlyCheckoutServices, effects: MonthlyCheckoutEffects): CheckoutMachine {
  return checkoutMachine.provide({
    actors: {
      tokenizeCard: fromPromise<CardToken, { card: CardInput }>(({ input }) => services.tokenizer.tokenize(input.card)),
      submitDonation: fromPromise<DonationResult, SubmitDonationInput>(async ({ input }) =>
        donationResultOf(await services.createSubscription(subscriptionRequestOf(input.request), { idempotencyKey: input.retryKey })),
      ),
      lookupCep: fromPromise<CepLookupResult, { cep: string }>(({ input }) => services.lookupCep(input.cep)),
      loadSavedCards: fromPromise<SavedCard[]>(() => services.listSavedCards()),
    },
    actions: {
      finish: (_, { amount }) => effects.finish(amount),
    },
  });
}

/** The gate before the checkout (visitor, already giving monthly, or ready) with the real API. */
export const provideMonthlyGate = (services: MonthlyCheckoutServices) =>
  monthlyGateMachine.provide({
    actors: { loadSubscription: fromPromise(async () => ({ subscription: (await services.getCurrentSubscription()).subscription })) },
  });
