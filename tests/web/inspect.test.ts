import { afterEach, describe, expect, it, vi } from 'vitest';

/** The Stately inspector: off unless VITE_INSPECT=true in development; on, every root actor gets its observer. */

const observer = vi.fn();
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector: () => ({ inspect: observer }) }));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the Stately inspector switch', () => {
  it('is off by default: actors get their options untouched', async () => {
    const { inspected, startInspector } = await import('../../src/lib/inspect');
    await startInspector();
    expect(inspected({ input: 1 })).toEqual({ input: 1 });
  });

  it('VITE_INSPECT=true in development hands every root actor the inspector', async () => {
    vi.stubEnv('VITE_INSPECT', 'true');
    const { inspected, startInspector } = await import('../../src/lib/inspect');
    await startInspector();
    expect(inspected({ input: 1 })).toEqual({ input: 1, inspect: observer });
  });
});
