import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../contracts';
import { present } from '../present';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/** The body of PUT /users/profile, as the contract's resolver hands it over. */
export interface ProfileValues {
  name: string;
  phone: string;
  birth_date?: string | null;
  address: User['address'];
}

/**
 * The profile page: viewing ⇄ editing → saving → viewing (saved) or back to editing (failed).
 * Pure: `saveProfile` and the `saved`/`failed` reactions come in with `.provide()`.
 */
export const profileMachine = setup({
  types: {
    context: {} as { values: ProfileValues | null; failure: FormFailure | null },
    events: {} as
      { type: 'profile.editRequested' } | { type: 'profile.editCancelled' } | { type: 'profile.submitted'; values: ProfileValues },
  },
  actors: {
    saveProfile: fromPromise<User, { values: ProfileValues }>(async () => {
      throw new Error('profile: saveProfile not provided');
    }),
  },
  actions: {
    /** Hands the saved user to the auth machine and says so (toast). */
    saved: (_, _params: { user: User }) => {},
    /** Reports the raw error (toasts, docs/spec.md §8). */
    failed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'profile',
  context: { values: null, failure: null },
  initial: 'viewing',
  states: {
    viewing: {
      on: { 'profile.editRequested': { target: 'editing', actions: assign({ failure: null }) } },
    },
    editing: {
      tags: ['state:editing'],
      on: {
        'profile.editCancelled': 'viewing',
        'profile.submitted': { target: 'saving', actions: assign({ values: ({ event }) => event.values }) },
      },
    },
    saving: {
      tags: ['state:editing', 'state:saving'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ values: present(context.values, 'profile values') }),
        onDone: { target: 'viewing', actions: { type: 'saved', params: ({ event }) => ({ user: event.output }) } },
        onError: {
          target: 'editing',
          actions: [
            assign({ failure: ({ event }) => formFailureOf(event.error) }),
            { type: 'failed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
