import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { PROGRESS } from '../../../contracts';
import { progressBarMachine } from '../../../machines/progress/progress-bar.machine';
import { describePath, pathsOf, replayPath } from '../support/replay';

const noControls = {
  resolve: () => {
    throw new Error('progress bar invokes nothing');
  },
  reject: () => {
    throw new Error('progress bar invokes nothing');
  },
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const start = () => createActor(progressBarMachine).start();

describe('progress bar: model-based', () => {
  const paths = pathsOf(progressBarMachine, {
    events: [
      { type: 'navigation.started' },
      { type: 'navigation.finished' },
      { type: 'xstate.after.step.progressBar.running.advancing' },
      { type: 'xstate.after.reset.progressBar.finishing' },
    ],
  });

  it('generates paths that reach every state, including the ceiling', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"hidden"', '{"running":"advancing"}', '{"running":"stalled"}', '"finishing"']));
    expect(paths.some((p) => (p.state.context as { value: number }).value === PROGRESS.ceiling)).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const actor = start();
    await replayPath(actor, progressBarMachine, path, noControls, (snapshot) => {
      const { value } = snapshot.context as { value: number };
      // Hidden at 0; 20–70 in steps of 10 while running; 100 while finishing.
      if (snapshot.hasTag('state:hidden')) expect(value).toBe(0);
      else if (snapshot.matches('finishing')) expect(value).toBe(PROGRESS.finish);
      else expect([20, 30, 40, 50, 60, 70]).toContain(value);
    });
    actor.stop();
  });
});

describe('progress bar: spec rules', () => {
  it('starts at 20, adds 10 every 500 ms, and stops at 70', async () => {
    const actor = start();
    expect(actor.getSnapshot().context.value).toBe(0);
    expect(actor.getSnapshot().hasTag('state:hidden')).toBe(true);
    actor.send({ type: 'navigation.started' });
    const seen = [actor.getSnapshot().context.value];
    for (let i = 0; i < 8; i++) {
      await vi.advanceTimersByTimeAsync(499);
      const before = actor.getSnapshot().context.value;
      await vi.advanceTimersByTimeAsync(1);
      // Nothing moves before the full 500 ms.
      expect(before).toBe(seen.at(-1));
      seen.push(actor.getSnapshot().context.value);
    }
    expect(seen).toEqual([20, 30, 40, 50, 60, 70, 70, 70, 70]);
    expect(actor.getSnapshot().hasTag('state:visible')).toBe(true);
  });

  it('finishes at 100 and resets to 0 (hidden) after 200 ms', async () => {
    const actor = start();
    actor.send({ type: 'navigation.started' });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'navigation.finished' });
    expect(actor.getSnapshot().context.value).toBe(100);
    expect(actor.getSnapshot().hasTag('state:visible')).toBe(true);
    await vi.advanceTimersByTimeAsync(199);
    expect(actor.getSnapshot().context.value).toBe(100);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.value).toBe(0);
    expect(actor.getSnapshot().hasTag('state:hidden')).toBe(true);
  });

  it('restarts at 20 when a new navigation starts mid-way or while finishing', async () => {
    const actor = start();
    actor.send({ type: 'navigation.started' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(actor.getSnapshot().context.value).toBe(50);
    actor.send({ type: 'navigation.started' });
    expect(actor.getSnapshot().context.value).toBe(20);
    // The step timer restarted too: 499 ms later still 20.
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().context.value).toBe(20);
    actor.send({ type: 'navigation.finished' });
    actor.send({ type: 'navigation.started' });
    expect(actor.getSnapshot().context.value).toBe(20);
    // The pending reset of the finished navigation no longer fires.
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().context.value).toBe(20);
  });

  it('ignores a finish without a start', () => {
    const actor = start();
    actor.send({ type: 'navigation.finished' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.value).toBe(0);
  });
});
