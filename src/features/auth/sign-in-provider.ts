import { signIn } from '../../lib/api/auth';
import { useAuth } from '../../app/auth/auth-context';
import type { SignInInput, Session } from '../../../contracts';
import { useSubmission } from '../../app/forms/use-submission';

/** Real implementations for the sign-in form: POST /sessions, then hand the session to the auth machine. */
export function useSignInFlow() {
  const { send } = useAuth();
  return useSubmission<SignInInput, Session>({
    submit: (values) => signIn(values),
    // The auth machine persists the cookies and tells other tabs; the page then leaves (it watches
    // the auth state), so there is no navigation here.
    onSuccess: (session) => send({ type: 'auth.signedIn', user: session.user, token: session.token, refreshToken: session.refresh_token }),
  });
}
