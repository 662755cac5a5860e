import { assign, fromPromise, setup } from 'xstate';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * Sign-up, confirmed by e-mail (docs/spec.md §3): the form is sent (`state:submitting`), then the page
 * says where the link went (`step:sent`), whether or not the address already had an account — the API
 * answers both alike. From there the person may have the mail sent again (`state:resent` once done) or
 * go back to the form (`signUp.edited`) to correct the address; the form starts with what was sent.
 * The account itself is created by the link's page. Pure: `submit` (POST /users) comes with `.provide()`.
 */
export const signUpMachine = setup({
  types: {
    context: {} as { values: unknown; failure: FormFailure | null },
    events: {} as { type: 'signUp.submitted'; values: unknown } | { type: 'signUp.resent' } | { type: 'signUp.edited' },
  },
  actors: {
    submit: fromPromise<unknown, { values: unknown }>(async () => {
      throw new Error('sign-up: submit not provided');
    }),
  },
  actions: {
    remember: assign({ values: ({ event }) => (event.type === 'signUp.submitted' ? event.values : undefined) }),
    forgetFailure: assign({ failure: null }),
    keepFailure: assign({ failure: (_, params: { error: unknown }) => formFailureOf(params.error) }),
  },
}).createMachine({
  id: 'signUp',
  context: { values: undefined, failure: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['step:form'],
      initial: 'idle',
      states: {
        idle: {},
        failed: { tags: ['state:failed'] },
      },
      on: { 'signUp.submitted': { target: 'submitting', actions: 'remember' } },
    },
    submitting: {
      tags: ['step:form', 'state:submitting'],
      entry: 'forgetFailure',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values }),
        onDone: 'sent',
        onError: { target: 'editing.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      tags: ['step:sent'],
      initial: 'waiting',
      on: { 'signUp.edited': 'editing' },
      states: {
        waiting: { on: { 'signUp.resent': 'resending' } },
        resending: {
          tags: ['state:submitting'],
          entry: 'forgetFailure',
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => ({ values: context.values }),
            onDone: 'resent',
            onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        resent: { tags: ['state:resent'], on: { 'signUp.resent': 'resending' } },
        failed: { tags: ['state:failed'], on: { 'signUp.resent': 'resending' } },
      },
    },
  },
});
