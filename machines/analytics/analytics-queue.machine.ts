import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ANALYTICS_DRAIN_MS, type PageView } from '../../contracts';

/**
 * Page views (docs/spec.md §1, §9): queued after each route change, sent in one batch every 3 s by the
 * provided `sendPageViews`. A failed batch goes back to the head of the queue for the next tick.
 * The queue keeps the newest QUEUE_CAP views, so a long offline spell cannot grow memory without
 * bound (and one batch always fits the API's limit of 100).
 */

export const QUEUE_CAP = 100;

export interface AnalyticsQueueContext {
  /** Waiting for the next tick, oldest first. */
  queue: PageView[];
  /** The batch in flight. */
  sending: PageView[];
}

export type AnalyticsQueueEvent =
  | ({ type: 'analytics.pageViewed' } & PageView)
  /** Send now if anything is queued (e.g. when the page is being hidden). */
  | { type: 'analytics.flushRequested' };

const capped = (views: PageView[]): PageView[] => views.slice(-QUEUE_CAP);

export const analyticsQueueMachine = setup({
  types: {
    context: {} as AnalyticsQueueContext,
    events: {} as AnalyticsQueueEvent,
  },
  actors: {
    /** POST /analytics/page-views {views}. Provided by the app. */
    sendPageViews: fromPromise<void, { views: PageView[] }>(async () => {
      throw new Error('analytics: sendPageViews not provided');
    }),
  },
  delays: {
    drain: ANALYTICS_DRAIN_MS,
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'analyticsQueue',
  context: { queue: [], sending: [] },
  initial: 'waiting',
  on: {
    'analytics.pageViewed': {
      actions: assign({
        queue: ({ context, event }) => {
          const { type: _type, ...view } = event;
          return capped([...context.queue, view]);
        },
      }),
    },
  },
  states: {
    waiting: {
      tags: ['state:waiting'],
      after: {
        drain: [
          { guard: 'hasQueued', target: 'draining' },
          // Nothing to send: start the next 3 s period.
          { target: 'waiting', reenter: true },
        ],
      },
      on: {
        'analytics.flushRequested': { guard: 'hasQueued', target: 'draining' },
      },
    },
    draining: {
      entry: assign({ sending: ({ context }) => context.queue, queue: [] }),
      invoke: {
        id: 'sendPageViews',
        src: 'sendPageViews',
        input: ({ context }) => ({ views: context.sending }),
        onDone: { target: 'waiting', actions: assign({ sending: [] }) },
        // Keep them for the next tick, ahead of the views that came in meanwhile.
        onError: {
          target: 'waiting',
          actions: assign({ queue: ({ context }) => capped([...context.sending, ...context.queue]), sending: [] }),
        },
      },
    },
  },
});

export type AnalyticsQueueMachine = typeof analyticsQueueMachine;
export type AnalyticsQueueSnapshot = SnapshotFrom<AnalyticsQueueMachine>;
