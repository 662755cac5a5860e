import { assign, fromPromise, setup } from 'xstate';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * Adding a second factor on the "Segurança" page (docs/spec.md §4), and a new set of recovery codes:
 *
 *   idle ──totp.started──► startingTotp ──► scanning (QR code, secret) ──code.submitted──► confirmingTotp ──► codes
 *     │                                        └──enrolment.cancelled──► idle
 *     ├──passkey.started {name}──► registeringPasskey ──► codes (first factor) | idle
 *     └──codes.regenerated──► regenerating ──► codes ──codes.saved──► idle
 *
 * The recovery codes are shown once: `codes` holds them until the person says they saved them, and
 * `changed` tells the page to read the factors again. A refused step keeps its screen with the reason
 * (`state:failed`). Pure: the four API actors come with `.provide()`.
 */

export interface TotpPending {
  secret: string;
  otpauth_url: string;
}

export interface EnrolmentContext {
  pending: TotpPending | null;
  codes: string[];
  failure: FormFailure | null;
}

export type EnrolmentEvent =
  | { type: 'totp.started' }
  | { type: 'code.submitted'; code: string }
  | { type: 'enrolment.cancelled' }
  | { type: 'passkey.started'; name: string }
  | { type: 'codes.regenerated' }
  | { type: 'codes.saved' };

export const secondFactorEnrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
  },
  actors: {
    startTotp: fromPromise<TotpPending>(async () => {
      throw new Error('enrolment: startTotp not provided');
    }),
    confirmTotp: fromPromise<{ recovery_codes: string[] }, { code: string }>(async () => {
      throw new Error('enrolment: confirmTotp not provided');
    }),
    /** Asks the browser for a new passkey and saves it; answers the codes when it is the first factor. */
    registerPasskey: fromPromise<{ recovery_codes: string[] | null }, { name: string }>(async () => {
      throw new Error('enrolment: registerPasskey not provided');
    }),
    regenerateCodes: fromPromise<{ recovery_codes: string[] }>(async () => {
      throw new Error('enrolment: regenerateCodes not provided');
    }),
  },
  actions: {
    /** The factors changed: the page reads them again. */
    changed: () => {},
    keepFailure: assign({ failure: (_, params: { error: unknown }) => formFailureOf(params.error) }),
  },
}).createMachine({
  id: 'secondFactorEnrolment',
  context: { pending: null, codes: [], failure: null },
  initial: 'idle',
  states: {
    idle: {
      tags: ['step:idle'],
      initial: 'ready',
      states: { ready: {}, failed: { tags: ['state:failed'] } },
      on: {
        'totp.started': 'startingTotp',
        'passkey.started': { target: 'registeringPasskey', guard: ({ event }) => event.name.trim() !== '' },
        'codes.regenerated': 'regenerating',
      },
    },
    startingTotp: {
      tags: ['step:idle', 'state:submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'startTotp',
        src: 'startTotp',
        onDone: { target: 'scanning', actions: assign({ pending: ({ event }) => event.output }) },
        onError: { target: 'idle.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scanning: {
      tags: ['step:scanning'],
      initial: 'ready',
      states: { ready: {}, failed: { tags: ['state:failed'] } },
      on: {
        'code.submitted': { target: 'confirmingTotp', guard: ({ event }) => event.code.trim() !== '' },
        'enrolment.cancelled': { target: 'idle', actions: assign({ pending: null, failure: null }) },
      },
    },
    confirmingTotp: {
      tags: ['step:scanning', 'state:submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'confirmTotp',
        src: 'confirmTotp',
        input: ({ event }) => ({ code: event.type === 'code.submitted' ? event.code.trim() : '' }),
        onDone: { target: 'codes', actions: [assign({ codes: ({ event }) => event.output.recovery_codes, pending: null }), 'changed'] },
        onError: { target: 'scanning.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    registeringPasskey: {
      tags: ['step:idle', 'state:submitting', 'state:passkey'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'registerPasskey',
        src: 'registerPasskey',
        input: ({ event }) => ({ name: event.type === 'passkey.started' ? event.name.trim() : '' }),
        onDone: [
          {
            guard: ({ event }) => (event.output.recovery_codes ?? []).length > 0,
            target: 'codes',
            actions: [assign({ codes: ({ event }) => event.output.recovery_codes ?? [] }), 'changed'],
          },
          { target: 'idle', actions: 'changed' },
        ],
        onError: { target: 'idle.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    regenerating: {
      tags: ['step:idle', 'state:submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'regenerateCodes',
        src: 'regenerateCodes',
        onDone: { target: 'codes', actions: [assign({ codes: ({ event }) => event.output.recovery_codes }), 'changed'] },
        onError: { target: 'idle.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    codes: {
      tags: ['step:codes'],
      on: { 'codes.saved': { target: 'idle', actions: assign({ codes: [] }) } },
    },
  },
});

export type SecondFactorEnrolmentMachine = typeof secondFactorEnrolmentMachine;
