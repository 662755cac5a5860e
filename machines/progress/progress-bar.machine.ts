import { assign, setup, type SnapshotFrom } from 'xstate';
import { PROGRESS } from '../../contracts';

/**
 * The thin bar at the top during route changes (docs/spec.md §4, §9): 20 on start, +10 every 500 ms while
 * below 70, 100 on finish, back to 0 (hidden) 200 ms later. A new navigation restarts from 20.
 */

export interface ProgressBarContext {
  /** Width in percent, 0–100. */
  value: number;
}

export type ProgressBarEvent = { type: 'navigation.started' } | { type: 'navigation.finished' };

export const progressBarMachine = setup({
  types: {
    context: {} as ProgressBarContext,
    events: {} as ProgressBarEvent,
  },
  delays: {
    step: PROGRESS.stepEveryMs,
    reset: PROGRESS.resetAfterMs,
  },
  guards: {
    atCeiling: ({ context }) => context.value >= PROGRESS.ceiling,
  },
}).createMachine({
  id: 'progressBar',
  context: { value: 0 },
  initial: 'hidden',
  on: {
    'navigation.started': { target: '.running' },
  },
  states: {
    hidden: {
      tags: ['state:hidden'],
    },
    running: {
      tags: ['state:visible'],
      entry: assign({ value: PROGRESS.start }),
      initial: 'advancing',
      states: {
        advancing: {
          always: { guard: 'atCeiling', target: 'stalled' },
          // Re-entering restarts the timer: one step every `step` ms.
          after: {
            step: {
              target: 'advancing',
              reenter: true,
              actions: assign({ value: ({ context }) => Math.min(context.value + PROGRESS.step, PROGRESS.ceiling) }),
            },
          },
        },
        /** At the ceiling until the route finishes. */
        stalled: {},
      },
      on: {
        'navigation.finished': { target: 'finishing' },
      },
    },
    finishing: {
      tags: ['state:visible'],
      entry: assign({ value: PROGRESS.finish }),
      after: {
        reset: { target: 'hidden', actions: assign({ value: 0 }) },
      },
    },
  },
});

export type ProgressBarMachine = typeof progressBarMachine;
export type ProgressBarSnapshot = SnapshotFrom<ProgressBarMachine>;
