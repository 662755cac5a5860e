import { assign, fromPromise, setup } from 'xstate';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * One form submission: idle → submitting → succeeded, or → failed (which accepts a new
 * submission). The machine is pure: `submit` (the API call) and the `succeeded`/`failed` reactions
 * (session, toast, navigation) come in with `.provide()` from the page's provider hook, so the view
 * only sends `form.submitted` and reads tags (`state:submitting`, `state:failed`, `state:succeeded`).
 *
 * Values and answers are `unknown` here (XState's inference does not survive a generic factory);
 * `useSubmission` restores their types at the boundary.
 */
export const formSubmissionMachine = setup({
  types: {
    context: {} as { values: unknown; failure: FormFailure | null },
    events: {} as { type: 'form.submitted'; values: unknown },
  },
  actors: {
    submit: fromPromise<unknown, { values: unknown }>(async () => {
      throw new Error('submission: submit not provided');
    }),
  },
  actions: {
    remember: assign({ values: ({ event }) => event.values }),
    succeeded: (_, _params: { output: unknown }) => {},
    /** `error` is the raw error, for the global reporter (toasts, docs/spec.md §8). */
    failed: (_, _params: { failure: FormFailure; error: unknown }) => {},
  },
}).createMachine({
  id: 'submission',
  context: { values: undefined, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'form.submitted': { target: 'submitting', actions: 'remember' } },
    },
    submitting: {
      tags: ['state:submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'succeeded', actions: { type: 'succeeded', params: ({ event }) => ({ output: event.output }) } },
        onError: {
          target: 'failed',
          actions: [
            assign({ failure: ({ event }) => formFailureOf(event.error) }),
            { type: 'failed', params: ({ event }) => ({ failure: formFailureOf(event.error), error: event.error }) },
          ],
        },
      },
    },
    failed: {
      tags: ['state:failed'],
      on: { 'form.submitted': { target: 'submitting', actions: 'remember' } },
    },
    // Not final: the form stays locked while the page navigates away.
    succeeded: {
      tags: ['state:succeeded'],
    },
  },
});
