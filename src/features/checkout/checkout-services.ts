import { fromPromise } from 'xstate';
import type { DonationRequestInput, DonationResult } from '../../../contracts';
import { checkoutMachine, type CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { paymentStepMachine } from '../../../machines/checkout/steps/payment-step.machine';
import { pixPaymentMachine, type PixCheck } from '../../../machines/checkout/pix-payment.machine';
import { donationAnswerOf, donationPixCheckOf } from './donation-outcomes';
import { donationsApi } from '../../lib/api/donations';
import { withCardChallenge } from './card-challenge';
import {
  checkoutSupportActors,
  realCheckoutSupport,
  recoverAttemptActor,
  submissionWith,
  trackedPixCheck,
  type CheckoutSupportServices,
} from '../../lib/actors/checkout-support';
import { noOpenAttempts, type OpenAttempts } from '../../lib/open-attempts';

/** Everything the checkout does outside itself; the real ones call the API and the gateway. */
export interface CheckoutServices extends CheckoutSupportServices {
  createDonation(
    request: DonationRequestInput,
    options: { campaignSlug: string | null; idempotencyKey?: string | null },
  ): Promise<DonationResult>;
  getDonation(id: string, receiptToken: string | null): Promise<DonationResult>;
  /** What became of a donation call whose answer was lost (GET /donations/attempts/{key}). */
  findAttempt(key: string): Promise<DonationResult>;
  getGiftCard(code: string): Promise<{ balance: number }>;
  getWalletBalance(donorId: string): Promise<number>;
}

export const realCheckoutServices: CheckoutServices = {
  ...realCheckoutSupport,
  // A campaign under card testing may ask for a challenge first (card-challenge.ts).
  createDonation: (request, options) => withCardChallenge(request, (sent) => donationsApi.createDonation(sent, options)),
  getDonation: (id, token) => donationsApi.getDonation(id, token),
  findAttempt: (key) => donationsApi.findAttempt(key),
  getGiftCard: (code) => donationsApi.getGiftCard(code),
};

export interface CheckoutEffects {
  /** Where a confirmed donation goes (the thank-you page; campaignSlug null: the general fund). */
  finish(params: { amount: number; id: string | null; campaignSlug: string | null }): void;
  /** Leaves for the PayPal approval page. */
  redirect(url: string): void;
}

/**
 * The checkout machine with real side effects (docs/design.md §4: machines stay pure, providers wire them).
 * `attempts`: where the page keeps its open attempt, so a lost answer is asked about rather than paid again.
 */
export function provideCheckout(
  services: CheckoutServices,
  effects: CheckoutEffects,
  donorId: string | null,
  attempts: OpenAttempts = noOpenAttempts,
): CheckoutMachine {
  const tracking = { attempts, recover: async (key: string) => donationAnswerOf(await services.findAttempt(key)) };
  return checkoutMachine.provide({
    actors: {
      submission: submissionWith(
        services,
        async (input) =>
          donationAnswerOf(
            await services.createDonation(input.request, { campaignSlug: input.campaignSlug, idempotencyKey: input.retryKey }),
          ),
        tracking,
      ),
      recoverAttempt: recoverAttemptActor(tracking),
      pixPayment: pixPaymentMachine.provide({
        actors: {
          checkPayment: fromPromise<PixCheck, { id: string; receiptToken: string | null }>(({ input }) =>
            trackedPixCheck(tracking, async (pix) => donationPixCheckOf(await services.getDonation(pix.id, pix.receiptToken)))(input),
          ),
        },
      }),
      ...checkoutSupportActors(services, donorId),
      paymentStep: paymentStepMachine.provide({
        actors: { checkGiftCard: fromPromise<{ balance: number }, { code: string }>(({ input }) => services.getGiftCard(input.code)) },
      }),
    },
    actions: {
      finish: (_, params) => effects.finish(params),
      redirectToPaypal: (_, { url }) => effects.redirect(url),
    },
  });
}
