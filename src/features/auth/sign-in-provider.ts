import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { signInMachine, type PasswordOutcome, type SecondFactorMethod } from '../../../machines/auth/sign-in.machine';
import type { Session, SignInInput } from '../../../contracts';
import { signIn } from '../../lib/api/auth';
import { secondFactorApi, secondFactorAskedBy } from '../../lib/api/second-factor';
import { useAuth } from '../../app/auth/auth-context';
import { useMachineView } from '../../app/machine-view';
import { reportError } from '../../app/report-error';
import type { FormFailure } from '../../app/forms/form-failure';

/** What the sign-in page shows of its flow. */
export interface SignInView {
  step: 'password' | 'secondFactor';
  submitting: boolean;
  usingPasskey: boolean;
  succeeded: boolean;
  failure: FormFailure | null;
  /** The ways this account may prove itself (second step only). */
  methods: SecondFactorMethod[];
  /** The code asked for: the authenticator app's or a recovery code. */
  method: 'totp' | 'recovery_code';
}

const selectView = (snapshot: SnapshotFrom<typeof signInMachine>): SignInView => ({
  step: snapshot.hasTag('step:secondFactor') ? 'secondFactor' : 'password',
  submitting: snapshot.hasTag('state:submitting'),
  usingPasskey: snapshot.hasTag('state:passkey'),
  succeeded: snapshot.hasTag('state:succeeded'),
  failure: snapshot.hasTag('state:failed') ? snapshot.context.failure : null,
  methods: snapshot.context.methods,
  method: snapshot.context.method,
});

/** Failures belong to the page's own alert: reported inline, never as a toast. */
const inline = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    reportError(error, 'inline');
    throw error;
  }
};

/**
 * Real implementations for the sign-in page: POST /sessions, then the second step when the account has
 * a factor; the session goes to the auth machine (cookies, other tabs) and the page leaves by itself.
 */
export function useSignInFlow() {
  const { send: sendAuth } = useAuth();
  const [machine] = useState(() =>
    signInMachine.provide({
      actors: {
        checkPassword: fromPromise(({ input }) =>
          inline(async (): Promise<PasswordOutcome<Session>> => {
            try {
              return { kind: 'session', session: await signIn(input.values as SignInInput) };
            } catch (error) {
              // An enrolled account: not a failure, the second step.
              const asked = secondFactorAskedBy(error);
              if (asked) return { kind: 'secondFactor', ...asked };
              throw error;
            }
          }),
        ),
        verifyCode: fromPromise(({ input }) => inline(() => secondFactorApi.signInWithCode(input.challenge, input.code))),
        verifyPasskey: fromPromise(({ input }) => inline(() => secondFactorApi.signInWithPasskey(input.challenge))),
      },
      actions: {
        signedIn: (_, { session }) => {
          const { user, token, refresh_token } = session as Session;
          sendAuth({ type: 'auth.signedIn', user, token, refreshToken: refresh_token });
        },
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectView);
  return {
    view,
    submit: (values: SignInInput) => send({ type: 'signIn.submitted', values }),
    submitCode: (code: string) => send({ type: 'code.submitted', code }),
    chooseMethod: (method: 'totp' | 'recovery_code') => send({ type: 'method.chosen', method }),
    usePasskey: () => send({ type: 'passkey.requested' }),
    cancel: () => send({ type: 'secondFactor.cancelled' }),
  };
}
