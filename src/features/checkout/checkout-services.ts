import { fromPromise } from 'xstate';
import type { CardInput, CardToken, CepLookupResult, DonationRequestInput, DonationResult, SavedCard } from '../../../contracts';
import { checkoutMachine, type CheckoutMachine, type SubmissionAnswer } from '../../../machines/checkout/checkout.machine';
import { addressStepMachine } from '../../../machines/checkout/steps/address-step.machine';
import { paymentStepMachine } from '../../../machines/checkout/steps/payment-step.machine';
import { submissionMachine, type SubmitInput } from '../../../machines/checkout/submission.machine';
import { pixPaymentMachine, type PixCheck } from '../../../machines/checkout/pix-payment.machine';
import { donationAnswerOf, donationPixCheckOf } from './donation-outcomes';
import { donationsApi } from '../../lib/api/donations';
import { addressesApi } from '../../lib/api/addresses';
import { walletApi } from '../../lib/api/wallet';
import { createSandboxTokenizer, type CardTokenizer } from '../../lib/payments/card-tokenizer';

/** Everything the checkout does outside itself; the real ones call the API and the gateway. */
export interface CheckoutServices {
  tokenizer: CardTokenizer;
  createDonation(
    request: DonationRequestInput,
    options: { campaignSlug: string | null; idempotencyKey?: string | null },
  ): Promise<DonationResult>;
  getDonation(id: string, receiptToken: string | null): Promise<DonationResult>;
  lookupCep(cep: string): Promise<CepLookupResult>;
  getGiftCard(code: string): Promise<{ balance: number }>;
  listSavedCards(): Promise<SavedCard[]>;
  getWalletBalance(donorId: string): Promise<number>;
}

export const realCheckoutServices: CheckoutServices = {
  tokenizer: createSandboxTokenizer({ locale: () => document.documentElement.lang.slice(0, 2) || 'pt' }),
  createDonation: (request, options) => donationsApi.createDonation(request, options),
  getDonation: (id, token) => donationsApi.getDonation(id, token),
  lookupCep: (cep) => addressesApi.lookupCep(cep),
  getGiftCard: (code) => donationsApi.getGiftCard(code),
  listSavedCards: () => donationsApi.listSavedCards(),
  getWalletBalance: (donorId) => walletApi.getWalletBalance(donorId),
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
      submission: submissionMachine.provide({
        actors: {
          tokenizeCard: fromPromise<CardToken, { card: CardInput }>(({ input }) => services.tokenizer.tokenize(input.card)),
          submit: fromPromise<SubmissionAnswer, SubmitInput>(async ({ input }) =>
            donationAnswerOf(
              await services.createDonation(input.request, { campaignSlug: input.campaignSlug, idempotencyKey: input.retryKey }),
            ),
          ),
        },
      }),
      pixPayment: pixPaymentMachine.provide({
        actors: {
          checkPayment: fromPromise<PixCheck, { id: string; receiptToken: string | null }>(async ({ input }) =>
            donationPixCheckOf(await services.getDonation(input.id, input.receiptToken)),
          ),
        },
      }),
      addressStep: addressStepMachine.provide({
        actors: { lookupCep: fromPromise<CepLookupResult, { cep: string }>(({ input }) => services.lookupCep(input.cep)) },
      }),
      paymentStep: paymentStepMachine.provide({
        actors: { checkGiftCard: fromPromise<{ balance: number }, { code: string }>(({ input }) => services.getGiftCard(input.code)) },
      }),
      loadSavedCards: fromPromise<SavedCard[]>(() => services.listSavedCards()),
      loadWalletBalance: fromPromise<number>(() => (donorId ? services.getWalletBalance(donorId) : Promise.resolve(0))),
    },
    actions: {
      finish: (_, params) => effects.finish(params),
      redirectToPaypal: (_, { url }) => effects.redirect(url),
    },
  });
}
