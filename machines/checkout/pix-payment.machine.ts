import { assign, fromPromise, setup } from 'xstate';
import { PAYMENT_POLL_MS, type Payment } from '../../contracts';
import type { PendingPix } from './submission.machine';

/**
 * An open PIX charge: asks for its state every PAYMENT_POLL_MS until it is confirmed, expired or
 * failed, then ends with that outcome (the checkout machine moves on by itself).
 *
 *   waiting ──after(poll)──► checking ──confirmed/expired/failed──► (final, output)
 *      ▲                        │
 *      └──── pending / error ───┘   (a failed check is not a failed payment: keep asking)
 */

export type PixPaymentInput = PendingPix;

export type PixOutcome = 'confirmed' | 'expired' | 'failed';

/** One look at the charge, in the checkout's terms (null: still open). The provider maps its API's answer. */
export interface PixCheck {
  outcome: PixOutcome | null;
  payment: Payment;
}

export interface PixPaymentOutput {
  outcome: PixOutcome;
  payment: Payment;
}

export const pixPaymentMachine = setup({
  types: {
    context: {} as PendingPix & { outcome: PixOutcome | null },
    input: {} as PixPaymentInput,
    output: {} as PixPaymentOutput,
  },
  actors: {
    /** Asks about the charge (a donation: GET /donations/:id with the receipt token). */
    checkPayment: fromPromise<PixCheck, { id: string; receiptToken: string | null }>(async () => {
      throw new Error('pix payment: checkPayment not provided');
    }),
  },
  delays: { pollInterval: PAYMENT_POLL_MS },
  guards: {
    settled: (_, params: { check: PixCheck }) => params.check.outcome !== null,
  },
}).createMachine({
  id: 'pixPayment',
  context: ({ input }) => ({ ...input, outcome: null }),
  output: ({ context }) => ({ outcome: context.outcome ?? 'failed', payment: context.payment }),
  initial: 'waiting',
  states: {
    waiting: {
      tags: ['state:waiting'],
      after: { pollInterval: 'checking' },
    },
    checking: {
      tags: ['state:waiting'],
      invoke: {
        id: 'checkPayment',
        src: 'checkPayment',
        input: ({ context }) => ({ id: context.id, receiptToken: context.receiptToken }),
        onDone: [
          {
            guard: { type: 'settled', params: ({ event }) => ({ check: event.output }) },
            target: 'settled',
            actions: assign({ payment: ({ event }) => event.output.payment, outcome: ({ event }) => event.output.outcome }),
          },
          { target: 'waiting' },
        ],
        onError: { target: 'waiting' },
      },
    },
    settled: { type: 'final' },
  },
});
