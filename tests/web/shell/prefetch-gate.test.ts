import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, prefetchAllowed, whenIdleAndAllowed, type ConnectionHints } from '../../../src/features/shell/prefetch-gate';

const setConnection = (connection: ConnectionHints | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });

afterEach(() => {
  setConnection(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('prefetchAllowed', () => {
  it('skips data-saver and slow connections', () => {
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(prefetchAllowed({ effectiveType }), effectiveType).toBe(false);
  });

  it('allows fast connections and browsers without the Network Information API', () => {
    expect(prefetchAllowed({ saveData: false, effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    setConnection(undefined);
    expect(prefetchAllowed()).toBe(true);
    setConnection({ saveData: true });
    expect(prefetchAllowed()).toBe(false);
  });
});

describe('whenIdleAndAllowed', () => {
  it('waits for an idle period, bounded so a busy page still prefetches', () => {
    const idle: Array<{ run: IdleRequestCallback; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: IdleRequestOptions) =>
      idle.push({ run, timeout: options?.timeout }),
    );
    const run = vi.fn();
    whenIdleAndAllowed(run);
    expect(run).not.toHaveBeenCalled();
    expect(idle[0]?.timeout).toBe(IDLE_TIMEOUT_MS);
    idle[0]?.run({ didTimeout: false, timeRemaining: () => 10 });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run when the connection turned slow meanwhile, nor once cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdleAndAllowed(run);
    setConnection({ effectiveType: '2g' });
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();

    setConnection({ effectiveType: '4g' });
    const cancel = whenIdleAndAllowed(run);
    cancel();
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    whenIdleAndAllowed(run);
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
