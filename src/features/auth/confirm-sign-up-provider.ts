import { useNavigate } from '@tanstack/react-router';
import type { Session } from '../../../contracts';
import { confirmSignUp } from '../../lib/api/auth';
import { useAuth } from '../../app/auth/auth-context';
import { useSubmission } from '../../app/forms/use-submission';

/**
 * The mailed link's page: POST /users/confirmations creates the account and answers its session, which
 * goes to the auth machine as a sign-in's does; then on to `returnUrl`.
 */
export function useConfirmSignUpFlow(returnUrl: string) {
  const { send } = useAuth();
  const navigate = useNavigate();
  return useSubmission<{ token: string }, Session>({
    submit: ({ token }) => confirmSignUp(token),
    onSuccess: (session) => {
      send({ type: 'auth.signedIn', user: session.user, token: session.token, refreshToken: session.refresh_token });
      void navigate({ href: returnUrl, replace: true });
    },
  });
}
