import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * The donor's live wallet balance (docs/spec.md §3, §4): null while loading, 0 when the load fails, and
 * replaced by every realtime update; a hide/show toggle, visible by default and remembered.
 * Pure: `loadBalance`, `realtimeBalance` and `rememberVisibility` come in with `.provide()`.
 */

export interface BalanceInput {
  userId: string;
  /** What the donor chose last time (stored by `rememberVisibility`); absent: visible. */
  visible?: boolean;
}

export interface BalanceContext {
  userId: string;
  /** Cents; null until the first load or realtime update. */
  balance: number | null;
  startsVisible: boolean;
}

export type BalanceEvent =
  /** The realtime channel pushed a new balance (cents). */
  { type: 'balance.updated'; balance: number } | { type: 'balance.toggled' };

export const balanceMachine = setup({
  types: {
    input: {} as BalanceInput,
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
  },
  actors: {
    /** GET /donors/{id}/wallets/balance → cents. */
    loadBalance: fromPromise<number, { userId: string }>(async () => {
      throw new Error('balance: loadBalance not provided');
    }),
    /** Listens to the donor's private channel for as long as the machine runs; sends `balance.updated`. */
    realtimeBalance: fromCallback<BalanceEvent, { userId: string }>(() => {
      throw new Error('balance: realtimeBalance not provided');
    }),
  },
  actions: {
    /** Stores the donor's choice so the next page load starts the same way. */
    rememberVisibility: (_, _params: { visible: boolean }) => {},
  },
  guards: {
    startsHidden: ({ context }) => !context.startsVisible,
  },
}).createMachine({
  id: 'balance',
  context: ({ input }) => ({ userId: input.userId, balance: null, startsVisible: input.visible ?? true }),
  type: 'parallel',
  // At the root, so updates arriving while the first load is still out are not lost.
  invoke: { id: 'realtimeBalance', src: 'realtimeBalance', input: ({ context }) => ({ userId: context.userId }) },
  states: {
    amount: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['state:loading'],
          invoke: {
            id: 'loadBalance',
            src: 'loadBalance',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'known', actions: assign({ balance: ({ event }) => event.output }) },
            // docs/spec.md §8: a wallet balance that cannot be read is shown as 0.
            onError: { target: 'known', actions: assign({ balance: 0 }) },
          },
          // A pushed balance is at least as new as the answer still on its way: keep it, drop the load.
          on: { 'balance.updated': { target: 'known', actions: assign({ balance: ({ event }) => event.balance }) } },
        },
        known: {
          on: { 'balance.updated': { actions: assign({ balance: ({ event }) => event.balance }) } },
        },
      },
    },
    visibility: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsHidden', target: 'hidden' }, { target: 'visible' }] },
        visible: {
          tags: ['state:visible'],
          on: { 'balance.toggled': { target: 'hidden', actions: { type: 'rememberVisibility', params: { visible: false } } } },
        },
        hidden: {
          tags: ['state:hidden'],
          on: { 'balance.toggled': { target: 'visible', actions: { type: 'rememberVisibility', params: { visible: true } } } },
        },
      },
    },
  },
});

export type BalanceSnapshot = SnapshotFrom<typeof balanceMachine>;

/** Cents, or null while loading. */
export const selectBalance = (snapshot: BalanceSnapshot): number | null => snapshot.context.balance;
export const selectIsVisible = (snapshot: BalanceSnapshot): boolean => snapshot.hasTag('state:visible');
