import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SubscriptionStatus } from '../../contracts';
import { rejectionStatus } from '../../contracts/rejection';

/** What a monthly e-mail's cancel link shows: the amount and where the subscription stands. */
export interface LinkedSubscription {
  amount: number;
  status: SubscriptionStatus;
}

export interface CancelLinkContext {
  token: string | null;
  subscription: LinkedSubscription | null;
  /** The error of the last failed call (the view reports it), null when none. */
  error: unknown;
}

/** An answer that says the link itself is wrong (unknown, forged, expired), not that the server is away. */
export function isInvalidLinkError(error: unknown): boolean {
  const status = rejectionStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * /doacao-mensal/cancelar?token — cancel a monthly donation from an e-mail, without signing in.
 *
 *   loading ─► confirming ── cancel.confirmed ─► canceling ─► canceled
 *      │            ▲                                │
 *      │            └──────── network/server error ──┘ (tag state:failed; try again)
 *      ├─► alreadyCanceled (the subscription was canceled before)
 *      ├─► invalid (no token, or the API refuses it: 4xx)
 *      └─► unavailable (network/server error while reading; link.retried reads again)
 */
export const cancelLinkMachine = setup({
  types: {
    context: {} as CancelLinkContext,
    input: {} as { token: string | null },
    events: {} as { type: 'cancel.confirmed' } | { type: 'link.retried' },
  },
  actors: {
    /** GET /subscriptions/cancel-by-link?token. */
    readLink: fromPromise<LinkedSubscription, { token: string }>(async () => {
      throw new Error('cancelLink: readLink not provided');
    }),
    /** POST /subscriptions/cancel-by-link {token}. */
    cancelByLink: fromPromise<LinkedSubscription, { token: string }>(async () => {
      throw new Error('cancelLink: cancelByLink not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token.length > 0,
    isCanceled: (_, params: { subscription: LinkedSubscription }) => params.subscription.status === 'canceled',
    isInvalidLink: (_, params: { error: unknown }) => isInvalidLinkError(params.error),
  },
}).createMachine({
  id: 'cancelLink',
  context: ({ input }) => ({ token: input.token, subscription: null, error: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasToken', target: 'loading' }, { target: 'invalid' }] },
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'readLink',
        src: 'readLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isCanceled', params: ({ event }) => ({ subscription: event.output }) },
            target: 'alreadyCanceled',
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          { target: 'confirming', actions: assign({ subscription: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: { type: 'isInvalidLink', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'unavailable', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    unavailable: {
      tags: ['state:unavailable'],
      on: { 'link.retried': { target: 'loading', actions: assign({ error: null }) } },
    },
    confirming: {
      tags: ['state:confirm'],
      initial: 'ready',
      states: { ready: {}, failed: { tags: ['state:failed'] } },
      on: { 'cancel.confirmed': 'canceling' },
    },
    canceling: {
      tags: ['state:confirm', 'state:canceling'],
      entry: assign({ error: null }),
      invoke: {
        id: 'cancelByLink',
        src: 'cancelByLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'canceled', actions: assign({ subscription: ({ event }) => event.output }) },
        onError: [
          // The link stopped working between reading and confirming (e.g. a newer link replaced it).
          { guard: { type: 'isInvalidLink', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'confirming.failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    canceled: { type: 'final', tags: ['state:canceled'] },
    alreadyCanceled: { type: 'final', tags: ['state:alreadyCanceled'] },
    invalid: { type: 'final', tags: ['state:invalid'] },
  },
});

export type CancelLinkMachine = typeof cancelLinkMachine;
export type CancelLinkSnapshot = SnapshotFrom<CancelLinkMachine>;
