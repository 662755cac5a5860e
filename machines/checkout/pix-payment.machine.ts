import { assign, fromPromise, setup } from 'xstate';
import { PAYMENT_POLL_MS, type DonationResult } from '../../contracts';

/**
 * An open PIX charge: asks for the donation's state every PAYMENT_POLL_MS until it is confirmed,
 * expired or failed, then ends with that outcome (the checkout machine moves on by itself).
 *
 *   waiting ──after(poll)──► checking ──confirmed/expired/failed──► (final, output)
 *      ▲                        │
 *      └──── pending / error ───┘   (a failed check is not a failed payment: keep asking)
 */

export interface PixPaymentInput {
  result: DonationResult;
}

export type PixOutcome = 'confirmed' | 'expired' | 'failed';

export interface PixPaymentOutput {
  outcome: PixOutcome;
  result: DonationResult;
}

const outcomeOf = (result: DonationResult): PixOutcome | null => {
  if (result.donation.status === 'confirmed') return 'confirmed';
  if (result.donation.status === 'expired' || result.payment.status === 'expired') return 'expired';
  if (result.donation.status === 'failed' || result.payment.status === 'failed') return 'failed';
  return null;
};

export const pixPaymentMachine = setup({
  types: {
    context: {} as { result: DonationResult; outcome: PixOutcome | null },
    input: {} as PixPaymentInput,
    output: {} as PixPaymentOutput,
  },
  actors: {
    /** GET /donations/:id with the receipt token. */
    checkDonation: fromPromise<DonationResult, { id: string; receiptToken: string | null }>(async () => {
      throw new Error('pix payment: checkDonation not provided');
    }),
  },
  delays: { pollInterval: PAYMENT_POLL_MS },
  guards: {
    settled: (_, params: { result: DonationResult }) => outcomeOf(params.result) !== null,
  },
}).createMachine({
  id: 'pixPayment',
  context: ({ input }) => ({ result: input.result, outcome: null }),
  output: ({ context }) => ({ outcome: context.outcome ?? 'failed', result: context.result }),
  initial: 'waiting',
  states: {
    waiting: {
      tags: ['state:waiting'],
      after: { pollInterval: 'checking' },
    },
    checking: {
      tags: ['state:waiting'],
      invoke: {
        id: 'checkDonation',
        src: 'checkDonation',
        input: ({ context }) => ({ id: context.result.donation.id, receiptToken: context.result.receipt_token ?? null }),
        onDone: [
          {
            guard: { type: 'settled', params: ({ event }) => ({ result: event.output }) },
            target: 'settled',
            actions: assign({
              result: ({ event, context }) => ({ ...event.output, receipt_token: context.result.receipt_token }),
              outcome: ({ event }) => outcomeOf(event.output),
            }),
          },
          { target: 'waiting' },
        ],
        onError: { target: 'waiting' },
      },
    },
    settled: { type: 'final' },
  },
});

export type PixPaymentMachine = typeof pixPaymentMachine;
