import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorCodes, type RefreshedTokens } from '../../contracts';

/**
 * Token lifecycle (docs/spec.md §4). The HTTP client reports every 401 here and waits for the answer.
 *
 * - 401 `token.expired` while idle: refresh once; the call waits in the queue.
 * - any 401 while refreshing: joins the queue, the refresh in flight decides for it too, so a burst
 *   of concurrent failures costs exactly one POST /sessions/refresh/token.
 * - refresh done: store both tokens, then every queued call is retried with the new token.
 * - refresh failed: every queued call fails, both cookies are deleted, the session is over.
 * - any other 401 while idle: that call fails, both cookies are deleted, the session is over.
 * Other statuses never reach this machine.
 */

export interface TokenRefreshContext {
  /** Ids of the calls waiting for the refresh in flight, in arrival order. */
  queue: string[];
}

export type TokenRefreshEvent = {
  type: 'request.unauthorized';
  /** Chosen by the HTTP client, unique per failed call. */
  requestId: string;
  /** The `code` of the 401 body, if any. */
  code?: string;
};

export interface QueuedResolution {
  requestIds: string[];
  token: string;
}
export interface QueuedRejection {
  requestIds: string[];
  error: unknown;
}

export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
  },
  actors: {
    /** POST /sessions/refresh/token with the refresh-token cookie. Provided by the app. */
    refreshTokens: fromPromise<RefreshedTokens>(async () => {
      throw new Error('tokenRefresh: refreshTokens not provided');
    }),
  },
  actions: {
    /** Writes both cookies from the refreshed pair. */
    storeTokens: (_, _params: RefreshedTokens) => {},
    /** Retries these calls with the new token. */
    resolveQueued: (_, _params: QueuedResolution) => {},
    /** Fails these calls with the error. */
    rejectQueued: (_, _params: QueuedRejection) => {},
    /** Deletes the token and refresh-token cookies. */
    deleteCookies: () => {},
    /** The session is over (tell the auth machine: auth.expired). */
    sessionExpired: () => {},
  },
  guards: {
    isTokenExpired: ({ event }) => event.code === errorCodes.tokenExpired,
  },
}).createMachine({
  id: 'tokenRefresh',
  context: { queue: [] },
  initial: 'idle',
  states: {
    idle: {
      tags: ['state:idle'],
      on: {
        'request.unauthorized': [
          {
            guard: 'isTokenExpired',
            target: 'refreshing',
            actions: assign({ queue: ({ event }) => [event.requestId] }),
          },
          {
            actions: [
              'deleteCookies',
              { type: 'rejectQueued', params: ({ event }) => ({ requestIds: [event.requestId], error: { code: event.code } }) },
              'sessionExpired',
            ],
          },
        ],
      },
    },
    refreshing: {
      on: {
        'request.unauthorized': {
          actions: assign({
            queue: ({ context, event }) => (context.queue.includes(event.requestId) ? context.queue : [...context.queue, event.requestId]),
          }),
        },
      },
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'storeTokens', params: ({ event }) => event.output },
            { type: 'resolveQueued', params: ({ context, event }) => ({ requestIds: context.queue, token: event.output.token }) },
            assign({ queue: [] }),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'deleteCookies',
            { type: 'rejectQueued', params: ({ context, event }) => ({ requestIds: context.queue, error: event.error }) },
            'sessionExpired',
            assign({ queue: [] }),
          ],
        },
      },
    },
  },
});

export type TokenRefreshMachine = typeof tokenRefreshMachine;
export type TokenRefreshSnapshot = SnapshotFrom<TokenRefreshMachine>;
