import { fromPromise } from 'xstate';
import type { DonationRequestInput, DonationResult } from '../../../contracts';
import { checkoutMachine, type CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { paymentStepMachine } from '../../../machines/checkout/steps/payment-step.machine';
import { pixPaymentMachine, type PixCheck } from '../../../machines/checkout/pix-payment.machine';
import { donationAnswerOf, donationPixCheckOf } from './donation-outcomes';
import { donationsApi } from '../../lib/api/donations';
import {
  checkoutSupportActors,
  realCheckoutSupport,
  submissionWith,
  type CheckoutSupportServices,
} from '../../lib/actors/checkout-support';

/** Everything the checkout does outside itself; the real ones call the API and the gateway. */
export interface CheckoutServices extends CheckoutSupportServices {
  createDonation(
    request: DonationRequestInput,
    options: { campaignSlug: string | null; idempotencyKey?: string | null },
  ): Promise<DonationResult>;
  getDonation(id: string, receiptToken: string | null): Promise<DonationResult>;
  getGiftCard(code: string): Promise<{ balance: number }>;
  getWalletBalance(donorId: string): Promise<number>;
}

export const realCheckoutServices: CheckoutServices = {
  ...realCheckoutSupport,
  createDonation: (request, options) => donationsApi.createDonation(request, options),
  getDonation: (id, token) => donationsApi.getDonation(id, token),
  getGiftCard: (code) => donationsApi.getGiftCard(code),
};

export interface CheckoutEffects {
  /** Where a confirmed donation goes (the thank-you page; campaignSlug null: the general fund). */
  finish(params: { amount: number; id: string | null; campaignSlug: string | null }): void;
  /** Leaves for the PayPal approval page. */
  redirect(url: string): void;
}

/** The checkout machine with real side effects (docs/design.md §4: machines stay pure, providers wire them). */
export function provideCheckout(services: CheckoutServices, effects: CheckoutEffects, donorId: string | null): CheckoutMachine {
  return checkoutMachine.provide({
    actors: {
      submission: submissionWith(services, async (input) =>
        donationAnswerOf(
          await services.createDonation(input.request, { campaignSlug: input.campaignSlug, idempotencyKey: input.retryKey }),
        ),
      ),
      pixPayment: pixPaymentMachine.provide({
        actors: {
          checkPayment: fromPromise<PixCheck, { id: string; receiptToken: string | null }>(async ({ input }) =>
            donationPixCheckOf(await services.getDonation(input.id, input.receiptToken)),
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
