import { assign, fromPromise, setup } from 'xstate';
import type { SecondFactorMethod } from '../../contracts/second-factor';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * Sign-in (docs/spec.md §3), with the second factor of an enrolled account:
 *
 *   password ──signIn.submitted──► checkingPassword ──session──► signedIn
 *      ▲  (failed: wrong password…)       └──second factor asked──► secondFactor.code ⇄ verifyingCode ──► signedIn
 *      │                                                             │   └─method.chosen (totp | recovery_code)
 *      │                                                             └─passkey.requested──► verifyingPasskey ──► signedIn
 *      └──── secondFactor.cancelled, or the challenge died (5 wrong codes, expired) ◄────────┘
 *
 * A wrong code stays on the code step with its reason (`state:failed`); a dead challenge goes back to the
 * password with the reason, since only a new sign-in makes a new challenge. Pure: `checkPassword` (POST
 * /sessions, answering a session or the challenge), `verifyCode` and `verifyPasskey` come with `.provide()`.
 */

export type { SecondFactorMethod };

/** What `checkPassword` answers: a session, or the challenge of an account with a second factor. */
export type PasswordOutcome<TSession = unknown> =
  { kind: 'session'; session: TSession } | { kind: 'secondFactor'; challenge: string; methods: SecondFactorMethod[] };

export interface SignInContext {
  values: unknown;
  challenge: string | null;
  methods: SecondFactorMethod[];
  /** The code kind asked for on the code step (the passkey has no field). */
  method: 'totp' | 'recovery_code';
  failure: FormFailure | null;
}

export type SignInEvent =
  | { type: 'signIn.submitted'; values: unknown }
  | { type: 'code.submitted'; code: string }
  | { type: 'method.chosen'; method: 'totp' | 'recovery_code' }
  | { type: 'passkey.requested' }
  | { type: 'secondFactor.cancelled' };

/** The challenge is gone (killed by wrong codes, expired, used): only the password starts a new one. */
export const CHALLENGE_INVALID = 'auth.second_factor_challenge_invalid';

/**
 * A code's or a passkey's verdict, the same for both: signed in; or the challenge gone, back to the password;
 * or a wrong factor, back to the code step with the server's message.
 */
const factorVerdict = {
  onDone: {
    target: '#signIn.signedIn',
    actions: { type: 'signedIn', params: ({ event }: { event: { output: unknown } }) => ({ session: event.output }) },
  },
  onError: [
    {
      guard: { type: 'challengeGone', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: '#signIn.password.failed',
      actions: [
        { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        { type: 'forgetChallenge' },
      ],
    },
    {
      target: 'code.failed',
      actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    },
  ],
} as const;

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    checkPassword: fromPromise<PasswordOutcome, { values: unknown }>(async () => {
      throw new Error('sign-in: checkPassword not provided');
    }),
    verifyCode: fromPromise<unknown, { challenge: string; code: string }>(async () => {
      throw new Error('sign-in: verifyCode not provided');
    }),
    verifyPasskey: fromPromise<unknown, { challenge: string }>(async () => {
      throw new Error('sign-in: verifyPasskey not provided');
    }),
  },
  actions: {
    /** The session goes to the auth machine (cookies, other tabs). */
    signedIn: (_, _params: { session: unknown }) => {},
    keepFailure: assign({ failure: (_, params: { error: unknown }) => formFailureOf(params.error) }),
    forgetChallenge: assign({ challenge: null, methods: [] }),
  },
  guards: {
    offersPasskey: ({ context }) => context.methods.includes('passkey'),
    offersMethod: ({ context, event }) => event.type === 'method.chosen' && context.methods.includes(event.method),
    /** The server killed the challenge (wrong codes, expired, used). */
    challengeGone: (_, params: { error: unknown }) => formFailureOf(params.error).code === CHALLENGE_INVALID,
  },
}).createMachine({
  id: 'signIn',
  context: { values: undefined, challenge: null, methods: [], method: 'totp', failure: null },
  initial: 'password',
  states: {
    password: {
      tags: ['step:password'],
      initial: 'idle',
      states: { idle: {}, failed: { tags: ['state:failed'] } },
      on: { 'signIn.submitted': { target: 'checkingPassword', actions: assign({ values: ({ event }) => event.values }) } },
    },
    checkingPassword: {
      tags: ['step:password', 'state:submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        input: ({ context }) => ({ values: context.values }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'secondFactor',
            target: 'secondFactor',
            actions: assign(({ event }) => {
              const output = event.output;
              if (output.kind !== 'secondFactor') return {};
              const method: 'totp' | 'recovery_code' = output.methods.includes('totp') ? 'totp' : 'recovery_code';
              return { challenge: output.challenge, methods: output.methods, method };
            }),
          },
          {
            target: 'signedIn',
            actions: {
              type: 'signedIn',
              params: ({ event }) => ({ session: event.output.kind === 'session' ? event.output.session : null }),
            },
          },
        ],
        onError: { target: 'password.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    secondFactor: {
      tags: ['step:secondFactor'],
      initial: 'code',
      on: {
        'secondFactor.cancelled': { target: 'password', actions: assign({ challenge: null, methods: [], failure: null }) },
      },
      states: {
        code: {
          initial: 'idle',
          states: { idle: {}, failed: { tags: ['state:failed'] } },
          on: {
            'code.submitted': { target: 'verifyingCode', guard: ({ event }) => event.code.trim() !== '' },
            'method.chosen': {
              guard: 'offersMethod',
              target: '.idle',
              actions: assign({ method: ({ event }) => event.method, failure: null }),
            },
            'passkey.requested': { guard: 'offersPasskey', target: 'verifyingPasskey' },
          },
        },
        verifyingCode: {
          tags: ['state:submitting'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context, event }) => ({
              challenge: context.challenge ?? '',
              code: event.type === 'code.submitted' ? event.code.trim() : '',
            }),
            ...factorVerdict,
          },
        },
        verifyingPasskey: {
          tags: ['state:submitting', 'state:passkey'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'verifyPasskey',
            src: 'verifyPasskey',
            input: ({ context }) => ({ challenge: context.challenge ?? '' }),
            ...factorVerdict,
          },
        },
      },
    },
    // Not final: the form stays locked while the page leaves.
    signedIn: { tags: ['state:succeeded'] },
  },
});

export type SignInMachine = typeof signInMachine;
