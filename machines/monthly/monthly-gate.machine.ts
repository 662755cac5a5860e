import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Subscription } from '../../contracts';

/**
 * Who may start the monthly checkout: the credit lands in a wallet, so a visitor is asked to sign in
 * first; a donor who already gives monthly is sent to manage that subscription instead of opening a
 * second one. Pure: `loadSubscription` (GET /subscriptions/current) comes in with `.provide()`.
 *
 *   starting ─► visitor (not signed in)
 *            └► checking ─► hasOpen (an active, past_due or paused subscription) | ready
 * A failed check lets the donor go on: the API refuses a second subscription anyway.
 */
export const monthlyGateMachine = setup({
  types: {
    context: {} as { signedIn: boolean; subscription: Subscription | null; monthlyPix: boolean },
    input: {} as { signedIn: boolean },
  },
  actors: {
    /** `monthlyPix`: whether this site takes monthly giving by Pix Automático too (GET /payments/config). */
    loadSubscription: fromPromise<{ subscription: Subscription | null; monthlyPix?: boolean }>(async () => {
      throw new Error('monthlyGate: loadSubscription not provided');
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    isOpen: (_, params: { subscription: Subscription | null }) => params.subscription !== null && params.subscription.status !== 'canceled',
  },
}).createMachine({
  id: 'monthlyGate',
  context: ({ input }) => ({ signedIn: input.signedIn, subscription: null, monthlyPix: false }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'signedIn', target: 'checking' }, { target: 'visitor' }] },
    checking: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        onDone: [
          {
            guard: { type: 'isOpen', params: ({ event }) => ({ subscription: event.output.subscription }) },
            target: 'hasOpen',
            actions: assign({ subscription: ({ event }) => event.output.subscription }),
          },
          { target: 'ready', actions: assign({ monthlyPix: ({ event }) => event.output.monthlyPix === true }) },
        ],
        onError: 'ready',
      },
    },
    visitor: { tags: ['state:visitor'] },
    hasOpen: { tags: ['state:hasOpen'] },
    ready: { tags: ['state:ready'] },
  },
});

export type MonthlyGateMachine = typeof monthlyGateMachine;
export type MonthlyGateSnapshot = SnapshotFrom<MonthlyGateMachine>;
