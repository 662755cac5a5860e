import { and, assign, fromPromise, setup } from 'xstate';
import { errorCodes } from '../../../contracts';
import { failureOf } from '../checkout-failures';
import { isPaymentValid, type PaymentFacts } from '../checkout-rules';
import type { CheckoutFailure, PaymentChoice } from '../checkout-types';

/**
 * The payment step: the method and its details, allowed for this donor (foreigners only PayPal; the
 * wallet and saved cards for signed-in donors; the wallet only when it covers the amount). A gift card
 * is checked before the step is done, so an unknown or short card is said here, not after the address.
 *
 *   editing ──payment.submitted──► done (final: the choice)
 *      │  └─(a gift card)──► checkingGiftCard ──covers──► done
 *      │                        └─ not found, short ──► failed ──payment.submitted──► …
 *
 * The checkout forwards `payment.submitted` with what the rules read of it at that moment (amount,
 * wallet balance…), which change while the step is open.
 */

export interface PaymentStepInput {
  /** The choice made before (coming back to the step), to show it again. */
  payment: PaymentChoice | null;
}

export interface PaymentStepContext {
  payment: PaymentChoice | null;
  facts: PaymentFacts | null;
  failure: CheckoutFailure | null;
}

export interface PaymentStepOutput {
  payment: PaymentChoice;
}

export type PaymentStepEvent = { type: 'payment.submitted'; payment: PaymentChoice; facts: PaymentFacts };

const present = (payment: PaymentChoice | null): PaymentChoice => {
  if (!payment) throw new Error('paymentStep: finished without a choice');
  return payment;
};

export const paymentStepMachine = setup({
  types: {
    context: {} as PaymentStepContext,
    events: {} as PaymentStepEvent,
    input: {} as PaymentStepInput,
    output: {} as PaymentStepOutput,
  },
  actors: {
    /** GET /gift-cards/:code → what is left on it. */
    checkGiftCard: fromPromise<{ balance: number }, { code: string }>(async () => {
      throw new Error('paymentStep: checkGiftCard not provided');
    }),
  },
  actions: {
    choose: assign(({ event }) => ({ payment: event.payment, facts: event.facts, failure: null })),
    refuse: assign({ failure: (_, params: { failure: CheckoutFailure }) => params.failure }),
  },
  guards: {
    paymentValid: ({ event }) => isPaymentValid(event.facts, event.payment),
    isGiftCard: ({ event }) => event.payment.method === 'gift_card',
    giftCardCovers: ({ context }, params: { balance: number }) => context.facts?.amount != null && params.balance >= context.facts.amount,
  },
}).createMachine({
  id: 'paymentStep',
  context: ({ input }) => ({ payment: input.payment, facts: null, failure: null }),
  output: ({ context }) => ({ payment: present(context.payment) }),
  initial: 'open',
  states: {
    open: {
      initial: 'editing',
      on: {
        'payment.submitted': [
          { guard: and(['paymentValid', 'isGiftCard']), target: '.checkingGiftCard', actions: 'choose', reenter: true },
          { guard: 'paymentValid', target: 'done', actions: 'choose' },
        ],
      },
      states: {
        editing: {},
        checkingGiftCard: {
          tags: ['state:loading'],
          invoke: {
            id: 'checkGiftCard',
            src: 'checkGiftCard',
            input: ({ context }) => ({ code: context.payment?.method === 'gift_card' ? context.payment.code : '' }),
            onDone: [
              {
                guard: { type: 'giftCardCovers', params: ({ event }) => ({ balance: event.output.balance }) },
                target: '#paymentStep.done',
              },
              {
                target: 'failed',
                actions: { type: 'refuse', params: { failure: { code: errorCodes.giftCardInsufficient, messages: [] } } },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'refuse', params: ({ event }) => ({ failure: failureOf(event.error, errorCodes.giftCardNotFound) }) },
            },
          },
        },
        failed: { tags: ['state:failed'] },
      },
    },
    done: { type: 'final' },
  },
});

export type PaymentStepMachine = typeof paymentStepMachine;
