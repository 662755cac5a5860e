import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { errorCodes } from '../../../contracts';
import { tokenRefreshMachine, type QueuedRejection, type QueuedResolution } from '../../../machines/auth/token-refresh.machine';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from '../support/replay';

const tokens = { token: 'access-2', refresh_token: 'refresh-2' };

function harness() {
  const fakes = controllableActors(tokenRefreshMachine, ['refreshTokens']);
  const log: string[] = [];
  const resolved: QueuedResolution[] = [];
  const rejected: QueuedRejection[] = [];
  const machine = tokenRefreshMachine.provide({
    actors: { refreshTokens: fakes.actors.refreshTokens },
    actions: {
      storeTokens: (_, t) => log.push(`store:${t.token}/${t.refresh_token}`),
      resolveQueued: (_, params) => {
        log.push(`resolve:${params.requestIds.join(',')}`);
        resolved.push(params);
      },
      rejectQueued: (_, params) => {
        log.push(`reject:${params.requestIds.join(',')}`);
        rejected.push(params);
      },
      deleteCookies: () => log.push('deleteCookies'),
      sessionExpired: () => log.push('sessionExpired'),
    },
  });
  const actor = createActor(machine);
  return { actor, fakes, log, resolved, rejected };
}

const unauthorized = (requestId: string, code?: string) => ({ type: 'request.unauthorized' as const, requestId, code });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token refresh: model-based', () => {
  const events: GraphEvent[] = [
    unauthorized('a', errorCodes.tokenExpired),
    unauthorized('b', errorCodes.tokenExpired),
    unauthorized('c', errorCodes.tokenInvalid),
    { type: 'xstate.done.actor.refreshTokens', output: tokens },
    { type: 'xstate.error.actor.refreshTokens', error: new Error('refresh.invalid') },
  ];
  // The queue holds distinct ids only, so with three ids the state space is finite.
  const paths = pathsOf(tokenRefreshMachine, { events });

  it('covers idle, refreshing and queues of every length', () => {
    const lengths = new Set(paths.map((p) => (p.state.context as { queue: string[] }).queue.length));
    expect(lengths).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'refreshing']));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, fakes } = harness();
    actor.start();
    await replayPath(actor, tokenRefreshMachine, path, fakes, (snapshot) => {
      // Calls wait only while a refresh is in flight, and each at most once.
      const { queue } = snapshot.context as { queue: string[] };
      expect(queue.length > 0).toBe(snapshot.matches('refreshing'));
      expect(new Set(queue).size).toBe(queue.length);
    });
    // One refresh per burst: exactly one POST per idle → refreshing on the path.
    const bursts = path.steps.filter((step, i) => i > 0 && step.state.value === 'refreshing' && path.steps[i - 1]?.state.value === 'idle');
    expect(fakes.calls('refreshTokens')).toHaveLength(bursts.length);
    actor.stop();
  });
});

describe('token refresh: spec rules', () => {
  it('a burst of 5 token.expired calls refreshes exactly once and retries all with the new token', async () => {
    const { actor, fakes, log, resolved } = harness();
    actor.start();
    for (const id of ['1', '2', '3', '4', '5']) actor.send(unauthorized(id, errorCodes.tokenExpired));
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual(['1', '2', '3', '4', '5']);
    expect(fakes.calls('refreshTokens')).toHaveLength(1);
    fakes.resolve('refreshTokens', tokens);
    await flush();
    // Stored first, so the retries read the new token from the cookie.
    expect(log).toEqual(['store:access-2/refresh-2', 'resolve:1,2,3,4,5']);
    expect(resolved).toEqual([{ requestIds: ['1', '2', '3', '4', '5'], token: 'access-2' }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('when the refresh fails, every queued call fails and both cookies are deleted', async () => {
    const { actor, fakes, log, rejected } = harness();
    actor.start();
    for (const id of ['1', '2', '3']) actor.send(unauthorized(id, errorCodes.tokenExpired));
    const failure = new Error('refresh.invalid');
    fakes.reject('refreshTokens', failure);
    await flush();
    expect(log).toEqual(['deleteCookies', 'reject:1,2,3', 'sessionExpired']);
    expect(rejected).toEqual([{ requestIds: ['1', '2', '3'], error: failure }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it.each([errorCodes.tokenInvalid, errorCodes.tokenMissing, undefined])(
    'any other 401 (%s) deletes both cookies and fails the call, without refreshing',
    (code) => {
      const { actor, fakes, log, rejected } = harness();
      actor.start();
      actor.send(unauthorized('9', code));
      expect(actor.getSnapshot().value).toBe('idle');
      expect(fakes.calls('refreshTokens')).toHaveLength(0);
      expect(log).toEqual(['deleteCookies', 'reject:9', 'sessionExpired']);
      expect(rejected[0]?.requestIds).toEqual(['9']);
    },
  );

  it('other 401s arriving during a refresh wait for it instead of deleting the cookies', async () => {
    const { actor, fakes, log } = harness();
    actor.start();
    actor.send(unauthorized('1', errorCodes.tokenExpired));
    actor.send(unauthorized('2', errorCodes.tokenInvalid));
    actor.send(unauthorized('1', errorCodes.tokenExpired));
    expect(actor.getSnapshot().context.queue).toEqual(['1', '2']);
    fakes.resolve('refreshTokens', tokens);
    await flush();
    expect(log).toEqual(['store:access-2/refresh-2', 'resolve:1,2']);
  });

  it('a later burst refreshes again', async () => {
    const { actor, fakes } = harness();
    actor.start();
    actor.send(unauthorized('1', errorCodes.tokenExpired));
    fakes.resolve('refreshTokens', tokens);
    await flush();
    actor.send(unauthorized('2', errorCodes.tokenExpired));
    expect(fakes.calls('refreshTokens')).toHaveLength(2);
    expect(actor.getSnapshot().context.queue).toEqual(['2']);
  });
});
