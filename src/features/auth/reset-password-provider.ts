import { useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { forgotPassword, resetPassword } from '../../lib/api/auth';
import { i18n } from '../../app/i18n/catalogs';
import { toast } from '../../app/toast';
import { useSubmission } from '../../app/forms/use-submission';

const passwordChanged = msg`Senha alterada. Entre com a nova senha.`;

/** POST /password/forgot. The answer is the same whether or not the e-mail has an account. */
export function useForgotPasswordFlow() {
  return useSubmission<{ email: string }, void>({
    submit: ({ email }) => forgotPassword(email),
  });
}

/** POST /password/reset with the link's token, then off to sign in with the new password. */
export function useResetPasswordFlow(token: string) {
  const navigate = useNavigate();
  return useSubmission<{ password: string }, void>({
    submit: ({ password }) => resetPassword({ token, password }),
    onSuccess: () => {
      toast.success(i18n._(passwordChanged));
      void navigate({ to: '/signin', replace: true });
    },
  });
}
