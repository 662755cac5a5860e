import { fromPromise } from 'xstate';
import type { CardInput, CardToken, CepLookupResult, SavedCard } from '../../../contracts';
import type { SubmissionAnswer } from '../../../machines/checkout/checkout.machine';
import { addressStepMachine } from '../../../machines/checkout/steps/address-step.machine';
import {
  declined,
  outcomeOfAnswer,
  submissionMachine,
  type SubmissionOutcome,
  type SubmitInput,
} from '../../../machines/checkout/submission.machine';
import { failureOf, retryKeyOf } from '../../../machines/checkout/checkout-failures';
import type { PixCheck } from '../../../machines/checkout/pix-payment.machine';
import { errorCodes } from '../../../contracts';
import { rejectionField, rejectionStatus } from '../../../contracts/rejection';
import { noOpenAttempts, type OpenAttempts } from '../open-attempts';
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
 * A checkout page's open attempt (docs/checkout.md "Lost answers"): where its key is kept, and how to
 * ask the server what became of it.
 */
export interface AttemptTracking {
  attempts: OpenAttempts;
  /** The answer the call sent with `key` got; rejects as that call would have (404: nothing arrived). */
  recover(key: string): Promise<SubmissionAnswer>;
}

/** A checkout that keeps no attempt across visits (the monthly one: its current subscription says it all). */
export const untrackedAttempts: AttemptTracking = {
  attempts: noOpenAttempts,
  recover: () => Promise.reject(new Error('checkout: no attempt is kept for this page')),
};

/** The key is another request's (the first attempt at this gift arrived, with other data) or still being worked on. */
const keyTakenByFirst = (error: unknown): boolean => {
  const code = rejectionField(error, 'code');
  return code === errorCodes.idempotencyKeyReused || code === errorCodes.idempotencyInProgress;
};

/** An attempt is open until its answer is final: a PIX still to pay keeps it, so a reload shows the same charge. */
const settles = (answer: SubmissionAnswer): boolean => answer.status !== 'pending_pix';

/**
 * A checkout's submission: the card tokenised at the gateway, then `submit` places what this checkout
 * sells (a donation, a subscription, gift cards) and answers in the checkout's terms. The attempt's key
 * is kept (`tracking`) before the request leaves and forgotten once its answer is final; when the
 * server says the key already belongs to a first attempt at this gift, that attempt's answer is the answer.
 */
export const submissionWith = (
  services: Pick<CheckoutSupportServices, 'tokenizer'>,
  submit: (input: SubmitInput) => Promise<SubmissionAnswer>,
  tracking: AttemptTracking = untrackedAttempts,
) =>
  submissionMachine.provide({
    actors: {
      tokenizeCard: tokenizeCardActor(services),
      submit: fromPromise<SubmissionAnswer, SubmitInput>(async ({ input }) => {
        const key = input.retryKey ?? crypto.randomUUID();
        const { attempts } = tracking;
        attempts.begin(key);
        try {
          const answer = await submit({ ...input, retryKey: key }).catch((error: unknown) => {
            if (keyTakenByFirst(error)) return tracking.recover(key);
            throw error;
          });
          if (settles(answer)) attempts.settle();
          return answer;
        } catch (error) {
          // A refusal is final; a request cut by the network stays open, to be retried or asked about.
          if (retryKeyOf(error) === null) attempts.settle();
          throw error;
        }
      }),
    },
  });

/**
 * Asks what became of the attempt an earlier visit left open. A refusal is its outcome (a decline);
 * nothing arrived, no answer yet, or no connection rejects: the donor goes on, and the key stays open.
 */
export const recoverAttemptActor = (tracking: AttemptTracking) =>
  fromPromise<SubmissionOutcome, { key: string }>(async ({ input }) => {
    let answer: SubmissionAnswer;
    try {
      answer = await tracking.recover(input.key);
    } catch (error) {
      const status = rejectionStatus(error) ?? 0;
      if (status === 0 || status === 404 || keyTakenByFirst(error)) throw error;
      tracking.attempts.settle();
      return declined(failureOf(error));
    }
    if (settles(answer)) tracking.attempts.settle();
    return outcomeOfAnswer(answer);
  });

/** A PIX check that forgets the open attempt once the charge is paid, expired or failed. */
export const trackedPixCheck =
  (tracking: AttemptTracking, check: (input: { id: string; receiptToken: string | null }) => Promise<PixCheck>) =>
  async (input: { id: string; receiptToken: string | null }): Promise<PixCheck> => {
    const result = await check(input);
    if (result.outcome !== null) tracking.attempts.settle();
    return result;
  };

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
