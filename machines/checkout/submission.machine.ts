import { assign, fromPromise, setup } from 'xstate';
import { errorCodes, type CardInput, type CardToken, type DonationRequestInput } from '../../contracts';
import { required } from '../required';
import { failureOf, retryKeyOf } from './checkout-failures';
import type { CheckoutFailure, PendingPix } from './checkout-types';

export type { PendingPix, SubmittedPayment } from './checkout-types';

/**
 * Sends what a checkout collected and says how it went, in the checkout's terms rather than any one
 * API's: a donation, a subscription and (next) a gift-card order all answer with a SubmissionAnswer,
 * which their provider maps from its own result.
 *
 *   choosing ──new card without token──► tokenizing ──► sending ──► done (output: SubmissionOutcome)
 *       └───────────────────────────────────────────────────┘
 */

/** The API's answer in the checkout's terms (the provider maps its own result to this). */
export type SubmissionAnswer =
  | { status: 'confirmed'; id: string }
  | { status: 'pending_pix'; id: string; pix: PendingPix }
  | { status: 'pending_paypal'; id: string; approveUrl: string }
  | { status: 'declined'; id: string | null; failureCode: string | null };

/** How a submission ended: the answer, or a refusal, or a network cut that may be retried with the same key. */
export type SubmissionOutcome =
  | Exclude<SubmissionAnswer, { status: 'declined' }>
  | { status: 'declined'; failure: CheckoutFailure }
  | { status: 'interrupted'; failure: CheckoutFailure; retryKey: string; cardToken: CardToken | null };

export interface SubmitInput {
  request: DonationRequestInput;
  /** null: the general fund (or no campaign at all). */
  campaignSlug: string | null;
  /** Reuse this Idempotency-Key (retry after a network error); null: a new attempt, a new key. */
  retryKey: string | null;
}

export interface SubmissionInput extends SubmitInput {
  /** A new card to tokenise first (memory only); null when paying otherwise or already tokenised. */
  card: CardInput | null;
  /** The token of an attempt cut by the network: the retry sends the very same body. */
  cardToken: CardToken | null;
}

interface SubmissionContext extends SubmissionInput {
  outcome: SubmissionOutcome | null;
}

/** The request with the card as its token (the rules put a placeholder where the token goes). */
const withToken = (request: DonationRequestInput, token: CardToken | null): DonationRequestInput =>
  token && request.payment.method === 'card' ? { ...request, payment: { ...request.payment, card_token: token.token } } : request;

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    input: {} as SubmissionInput,
    output: {} as SubmissionOutcome,
  },
  actors: {
    /** Sends the card straight to the gateway's tokeniser (never to our API). */
    tokenizeCard: fromPromise<CardToken, { card: CardInput }>(async () => {
      throw new Error('submission: tokenizeCard not provided');
    }),
    /** Creates the donation, subscription or order with an Idempotency-Key. Rejects with {status, code, messages, fields, idempotencyKey}. */
    submit: fromPromise<SubmissionAnswer, SubmitInput>(async () => {
      throw new Error('submission: submit not provided');
    }),
  },
  guards: {
    needsToken: ({ context }) => context.card !== null && context.cardToken === null,
    isInterrupted: (_, params: { error: unknown }) => retryKeyOf(params.error) !== null,
  },
  actions: {
    decline: assign({ outcome: (_, params: { error: unknown; fallback?: string }) => declined(failureOf(params.error, params.fallback)) }),
  },
}).createMachine({
  id: 'submission',
  context: ({ input }) => ({ ...input, outcome: null }),
  output: ({ context }) => context.outcome ?? declined(failureOf(null)),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'needsToken', target: 'tokenizing' }, { target: 'sending' }] },
    tokenizing: {
      invoke: {
        id: 'tokenizeCard',
        src: 'tokenizeCard',
        input: ({ context }) => ({ card: required(context.card, 'submission: the card to tokenise') }),
        onDone: { target: 'sending', actions: assign({ cardToken: ({ event }) => event.output }) },
        onError: {
          target: 'done',
          actions: { type: 'decline', params: ({ event }) => ({ error: event.error, fallback: errorCodes.cardTokenInvalid }) },
        },
      },
    },
    sending: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          request: withToken(context.request, context.cardToken),
          campaignSlug: context.campaignSlug,
          retryKey: context.retryKey,
        }),
        onDone: {
          target: 'done',
          actions: assign({ outcome: ({ event }) => outcomeOfAnswer(event.output) }),
        },
        onError: [
          {
            guard: { type: 'isInterrupted', params: ({ event }) => ({ error: event.error }) },
            target: 'done',
            actions: assign({
              outcome: ({ context, event }) => ({
                status: 'interrupted' as const,
                failure: failureOf(event.error),
                retryKey: required(retryKeyOf(event.error), 'submission: the retry key'),
                cardToken: context.cardToken,
              }),
            }),
          },
          { target: 'done', actions: { type: 'decline', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: { type: 'final' },
  },
});

/** An answer as an outcome: a decline carries its failure (the provider's code), anything else as it came. */
export function outcomeOfAnswer(answer: SubmissionAnswer): SubmissionOutcome {
  return answer.status === 'declined' ? declined({ code: answer.failureCode ?? errorCodes.paymentFailed, messages: [] }) : answer;
}

export function declined(failure: CheckoutFailure): SubmissionOutcome {
  return { status: 'declined', failure };
}
