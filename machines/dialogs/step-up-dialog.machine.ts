import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SecondFactorMethod } from '../../contracts/second-factor';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * The step-up dialog: a money action answered 403 `auth.step_up_required`, so the person proves the second
 * factor again, in place, and the API client sends the same request again (src/lib/http/api-client.ts).
 * One long-lived actor serves every request: `resolve` and `reject` settle the promise the client is
 * waiting on (rejected: the request fails with its 403, the form keeps what was typed).
 *
 *   closed ──stepUp.opened──► loading (which factors) ──► asking ⇄ verifyingCode / verifyingPasskey ──► verified
 *                                                          └──stepUp.cancelled──► cancelled
 *
 * A wrong code stays on `asking` with its reason. Pure: `loadMethods`, `verifyCode` and `verifyPasskey` come
 * with `.provide()`.
 */

export type StepUpMethod = SecondFactorMethod;

export interface StepUpContext {
  methods: StepUpMethod[];
  failure: FormFailure | null;
}

export type StepUpEvent =
  | { type: 'stepUp.opened' }
  | { type: 'code.submitted'; code: string }
  | { type: 'passkey.requested' }
  /** Cancel, Escape, the close button. */
  | { type: 'stepUp.cancelled' };

const everyMethod: StepUpMethod[] = ['totp', 'passkey', 'recovery_code'];

export const stepUpDialogMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
  },
  actors: {
    /** The caller's factors (GET /users/profile/second-factor). */
    loadMethods: fromPromise<StepUpMethod[]>(async () => {
      throw new Error('step-up: loadMethods not provided');
    }),
    verifyCode: fromPromise<void, { code: string }>(async () => {
      throw new Error('step-up: verifyCode not provided');
    }),
    verifyPasskey: fromPromise<void>(async () => {
      throw new Error('step-up: verifyPasskey not provided');
    }),
  },
  actions: {
    /** Proven: the waiting request goes again. */
    resolve: () => {},
    /** Given up: the waiting request fails with its 403. */
    reject: () => {},
  },
  guards: {
    offersPasskey: ({ context }) => context.methods.includes('passkey'),
  },
}).createMachine({
  id: 'stepUpDialog',
  context: { methods: [], failure: null },
  initial: 'closed',
  states: {
    closed: { on: { 'stepUp.opened': 'loading' } },
    loading: {
      tags: ['state:open', 'state:loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: { target: 'asking', actions: assign({ methods: ({ event }) => event.output }) },
        // Not knowing which factors there are must not block: offer every way, the server decides.
        onError: { target: 'asking', actions: assign({ methods: everyMethod }) },
      },
      on: { 'stepUp.cancelled': 'cancelled' },
    },
    asking: {
      tags: ['state:open'],
      initial: 'idle',
      states: { idle: {}, failed: { tags: ['state:failed'] } },
      on: {
        'code.submitted': { target: 'verifyingCode', guard: ({ event }) => event.code.trim() !== '' },
        'passkey.requested': { target: 'verifyingPasskey', guard: 'offersPasskey' },
        'stepUp.cancelled': 'cancelled',
      },
    },
    verifyingCode: {
      tags: ['state:open', 'state:submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ event }) => ({ code: event.type === 'code.submitted' ? event.code.trim() : '' }),
        onDone: 'verified',
        onError: { target: 'asking.failed', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
      },
    },
    verifyingPasskey: {
      tags: ['state:open', 'state:submitting', 'state:passkey'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'verifyPasskey',
        src: 'verifyPasskey',
        onDone: 'verified',
        onError: { target: 'asking.failed', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
      },
    },
    verified: { entry: 'resolve', always: 'closed' },
    cancelled: { entry: 'reject', always: 'closed' },
  },
});

export type StepUpDialogMachine = typeof stepUpDialogMachine;
export type StepUpDialogSnapshot = SnapshotFrom<StepUpDialogMachine>;
