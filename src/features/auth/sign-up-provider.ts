import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { signUpMachine } from '../../../machines/auth/sign-up.machine';
import type { SignUp } from '../../../contracts';
import { signUp } from '../../lib/api/auth';
import { useMachineView } from '../../app/machine-view';
import { reportError } from '../../app/report-error';
import type { FormFailure } from '../../app/forms/form-failure';
import { toSignUpPayload } from './sign-up-form';

/** What the sign-up page shows of its flow. */
export interface SignUpView {
  step: 'form' | 'sent';
  submitting: boolean;
  /** The mail was asked for again and the API took it. */
  resent: boolean;
  failure: FormFailure | null;
  /** What was last sent: where the link went, and what the form starts with when the person goes back to it. */
  sent: SignUp | null;
}

const selectView = (snapshot: SnapshotFrom<typeof signUpMachine>): SignUpView => ({
  step: snapshot.hasTag('step:sent') ? 'sent' : 'form',
  submitting: snapshot.hasTag('state:submitting'),
  resent: snapshot.hasTag('state:resent'),
  failure: snapshot.hasTag('state:failed') ? snapshot.context.failure : null,
  sent: (snapshot.context.values as SignUp | undefined) ?? null,
});

/**
 * Real implementations for the sign-up page: POST /users with where the mailed link should lead
 * (`returnUrl`, home left out). The account and the session come from the link's page.
 */
export function useSignUpFlow(returnUrl: string) {
  const [machine] = useState(() =>
    signUpMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          try {
            return await signUp({ ...toSignUpPayload(input.values as SignUp), ...(returnUrl === '/' ? {} : { return_url: returnUrl }) });
          } catch (error) {
            // A form's failure belongs to the form: its FailureAlert says it, so no toast.
            reportError(error, 'inline');
            throw error;
          }
        }),
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectView);
  return {
    view,
    submit: (values: SignUp) => send({ type: 'signUp.submitted', values }),
    resend: () => send({ type: 'signUp.resent' }),
    edit: () => send({ type: 'signUp.edited' }),
  };
}
