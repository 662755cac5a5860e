import { signIn, signUp } from '../../lib/api/auth';
import { useAuth } from '../../app/auth/auth-context';
import type { Session, SignUp } from '../../../contracts';
import { toSignUpPayload } from './sign-up-form';
import { useSubmission } from '../../app/forms/use-submission';

/** Sign-up creates the account, then signs in with the same credentials (POST /users, POST /sessions). */
export function useSignUpFlow() {
  const { send } = useAuth();
  return useSubmission<SignUp, Session>({
    submit: async (values) => {
      await signUp(toSignUpPayload(values));
      return signIn({ email: values.email, password: values.password });
    },
    onSuccess: (session) => send({ type: 'auth.signedIn', user: session.user, token: session.token, refreshToken: session.refresh_token }),
  });
}
