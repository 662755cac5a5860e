import { assign, fromPromise, setup } from 'xstate';
import type { GiftCardOrderResult } from '../../contracts/gift-card-orders';

/**
 * An order's page while a company's batch is being issued (docs/gift-cards.md): reads the order again
 * every BATCH_POLL_MS until all its cards are issued (or it is not a paid batch), so its progress
 * moves on screen; a failed read is not a failed batch: it asks again.
 *
 *   (paid, cards still to issue) waiting ──after(poll)──► reading ──► waiting … ──► issued (final)
 *   (anything else)              issued
 */

export const BATCH_POLL_MS = 2_000;

const stillIssuing = (order: GiftCardOrderResult) => order.order.status === 'paid' && order.order.issued < order.order.quantity;

export const batchProgressMachine = setup({
  types: {
    context: {} as { order: GiftCardOrderResult },
    input: {} as { order: GiftCardOrderResult },
  },
  actors: {
    /** GET /gift-card-orders/{id} as the page's buyer. */
    readOrder: fromPromise<GiftCardOrderResult, { id: string }>(async () => {
      throw new Error('batch progress: readOrder not provided');
    }),
  },
  delays: { poll: BATCH_POLL_MS },
  guards: {
    issuing: ({ context }) => stillIssuing(context.order),
  },
}).createMachine({
  id: 'batchProgress',
  context: ({ input }) => ({ order: input.order }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'issuing', target: 'waiting' }, { target: 'issued' }] },
    waiting: { tags: ['state:issuing'], after: { poll: 'reading' } },
    reading: {
      tags: ['state:issuing'],
      invoke: {
        id: 'readOrder',
        src: 'readOrder',
        input: ({ context }) => ({ id: context.order.order.id }),
        onDone: { target: 'deciding', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'waiting' },
      },
    },
    issued: { type: 'final' },
  },
});
