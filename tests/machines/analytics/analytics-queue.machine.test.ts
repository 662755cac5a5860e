import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ANALYTICS_DRAIN_MS } from '../../../contracts';
import { analyticsQueueMachine, QUEUE_CAP, type AnalyticsQueueContext } from '../../../machines/analytics/analytics-queue.machine';
import { pageView } from '../support/fixtures';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from '../support/replay';

function harness() {
  const fakes = controllableActors(analyticsQueueMachine, ['sendPageViews']);
  const actor = createActor(analyticsQueueMachine.provide({ actors: { sendPageViews: fakes.actors.sendPageViews } }));
  return { actor, fakes };
}

const viewed = (path: string, second = 0) => ({ type: 'analytics.pageViewed' as const, ...pageView(path, second) });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('analytics queue: model-based', () => {
  const events: GraphEvent[] = [
    viewed('/'),
    viewed('/gift-card', 1),
    { type: 'analytics.flushRequested' },
    { type: 'xstate.after.drain.analyticsQueue.waiting' },
    { type: 'xstate.done.actor.sendPageViews' },
    { type: 'xstate.error.actor.sendPageViews', error: new Error('offline') },
  ];
  const total = (s: AnyMachineSnapshot) => {
    const { queue, sending } = s.context as AnalyticsQueueContext;
    return queue.length + sending.length;
  };
  // The queue grows with every view: stop exploring once three views are in hand.
  const paths = pathsOf(analyticsQueueMachine, { events, stopWhen: (s) => total(s) >= 3 });

  it('covers waiting and draining, with and without views kept after a failure', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['waiting', 'draining']));
    const keptAfterFailure = paths.some((p) =>
      p.steps.some(
        (step) => step.event.type === 'xstate.error.actor.sendPageViews' && (step.state.context as AnalyticsQueueContext).queue.length > 0,
      ),
    );
    expect(keptAfterFailure).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, fakes } = harness();
    actor.start();
    await replayPath(actor, analyticsQueueMachine, path, fakes, (snapshot) => {
      // A batch is in flight exactly while draining, and it is never empty.
      const { sending } = snapshot.context as AnalyticsQueueContext;
      expect(sending.length > 0).toBe(snapshot.matches('draining'));
    });
    actor.stop();
  });
});

describe('analytics queue: spec rules', () => {
  it('sends what was queued every 3 s, in one batch, and nothing when empty', async () => {
    const { actor, fakes } = harness();
    actor.start();
    await vi.advanceTimersByTimeAsync(ANALYTICS_DRAIN_MS * 2);
    expect(fakes.calls('sendPageViews')).toHaveLength(0);
    actor.send(viewed('/'));
    actor.send(viewed('/help', 1));
    await vi.advanceTimersByTimeAsync(ANALYTICS_DRAIN_MS - 1);
    expect(fakes.calls('sendPageViews')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.calls('sendPageViews')).toEqual([{ views: [pageView('/'), pageView('/help', 1)] }]);
    expect(actor.getSnapshot().matches('draining')).toBe(true);
    fakes.resolve('sendPageViews', undefined);
    await flush();
    expect(actor.getSnapshot().context).toEqual({ queue: [], sending: [] });
    // The next tick has nothing to send.
    await vi.advanceTimersByTimeAsync(ANALYTICS_DRAIN_MS);
    expect(fakes.calls('sendPageViews')).toHaveLength(1);
  });

  it('keeps the views of a failed batch for the next tick, ahead of newer ones', async () => {
    const { actor, fakes } = harness();
    actor.start();
    actor.send(viewed('/'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_DRAIN_MS);
    actor.send(viewed('/about', 5)); // arrives while the batch is in flight
    fakes.reject('sendPageViews', new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context.queue).toEqual([pageView('/'), pageView('/about', 5)]);
    await vi.advanceTimersByTimeAsync(ANALYTICS_DRAIN_MS);
    expect(fakes.calls('sendPageViews')[1]).toEqual({ views: [pageView('/'), pageView('/about', 5)] });
  });

  it(`caps the queue at ${QUEUE_CAP}, dropping the oldest`, async () => {
    const { actor } = harness();
    actor.start();
    for (let i = 0; i < QUEUE_CAP + 5; i++) actor.send(viewed(`/p/${i}`));
    const queue = actor.getSnapshot().context.queue;
    expect(queue).toHaveLength(QUEUE_CAP);
    expect(queue[0]?.path).toBe('/p/5');
    expect(queue.at(-1)?.path).toBe(`/p/${QUEUE_CAP + 4}`);
  });

  it('flushes at once on request, and only when something is queued', async () => {
    const { actor, fakes } = harness();
    actor.start();
    actor.send({ type: 'analytics.flushRequested' });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send(viewed('/search'));
    actor.send({ type: 'analytics.flushRequested' });
    expect(fakes.calls('sendPageViews')).toEqual([{ views: [pageView('/search')] }]);
  });
});
