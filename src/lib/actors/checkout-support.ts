import { fromPromise } from 'xstate';
import type { CardInput, CardToken, CepLookupResult, SavedCard } from '../../../contracts';
import type { SubmissionAnswer } from '../../../machines/checkout/checkout.machine';
import { addressStepMachine } from '../../../machines/checkout/steps/address-step.machine';
import { submissionMachine, type SubmitInput } from '../../../machines/checkout/submission.machine';
import { addressesApi } from '../api/addresses';
import { donationsApi } from '../api/donations';
import { walletApi } from '../api/wallet';
import type { CardTokenizer } from '../payments/card-tokenizer';
import { createConfiguredTokenizer } from '../payments/configured-tokenizer';
import { http } from '../http/api-client';

/** What every checkout (donation, monthly, gift cards) does besides sending its own request. */
export interface CheckoutSupportServices {
  tokenizer: CardTokenizer;
  lookupCep(cep: string): Promise<CepLookupResult>;
  listSavedCards(): Promise<SavedCard[]>;
  getWalletBalance?(donorId: string): Promise<number>;
}

export const realCheckoutSupport: Required<CheckoutSupportServices> = {
  tokenizer: createConfiguredTokenizer({
    loadConfig: async () => (await http.get('/payments/config')).data,
    locale: () => document.documentElement.lang.slice(0, 2) || 'pt',
  }),
  lookupCep: (cep) => addressesApi.lookupCep(cep),
  listSavedCards: () => donationsApi.listSavedCards(),
  getWalletBalance: (donorId) => walletApi.getWalletBalance(donorId),
};

/** The card's tokenisation (straight to the gateway, never our API), for a checkout's submission. */
export const tokenizeCardActor = (services: Pick<CheckoutSupportServices, 'tokenizer'>) =>
  fromPromise<CardToken, { card: CardInput }>(({ input }) => services.tokenizer.tokenize(input.card));

/**
 * A checkout's submission: the card tokenised at the gateway, then `submit` places what this checkout
 * sells (a donation, a subscription, gift cards) and answers in the checkout's terms.
 */
export const submissionWith = (
  services: Pick<CheckoutSupportServices, 'tokenizer'>,
  submit: (input: SubmitInput) => Promise<SubmissionAnswer>,
) =>
  submissionMachine.provide({
    actors: {
      tokenizeCard: tokenizeCardActor(services),
      submit: fromPromise<SubmissionAnswer, SubmitInput>(({ input }) => submit(input)),
    },
  });

/** The checkout machine's helpers every checkout provides alike: the CEP lookup, saved cards and the wallet's balance. */
export function checkoutSupportActors(services: CheckoutSupportServices, donorId: string | null) {
  return {
    addressStep: addressStepMachine.provide({
      actors: { lookupCep: fromPromise<CepLookupResult, { cep: string }>(({ input }) => services.lookupCep(input.cep)) },
    }),
    loadSavedCards: fromPromise<SavedCard[]>(() => services.listSavedCards()),
    loadWalletBalance: fromPromise<number>(() =>
      donorId && services.getWalletBalance ? services.getWalletBalance(donorId) : Promise.resolve(0),
    ),
  };
}
