import { fromPromise } from 'xstate';
import { analyticsQueueMachine, type AnalyticsQueueMachine } from '../../../machines/analytics/analytics-queue.machine';
import { analyticsApi, type AnalyticsApi } from '../api/analytics';

/** The analytics queue sending through the real API (create one actor for the app and start it). */
export function provideAnalyticsQueue(api: AnalyticsApi = analyticsApi): AnalyticsQueueMachine {
  return analyticsQueueMachine.provide({
    actors: { sendPageViews: fromPromise(({ input }) => api.sendPageViews(input.views)) },
  });
}
