import { msg } from '@lingui/core/macro';
import { useNavigate } from '@tanstack/react-router';
import type { AccountDeletionInput } from '../../../contracts/account-deletion';
import { useAuth } from '../../app/auth/auth-context';
import { useSubmission } from '../../app/forms/use-submission';
import { i18n } from '../../app/i18n/catalogs';
import { toast } from '../../app/toast';
import { accountDeletionApi } from '../../lib/api/account-deletion';

/**
 * DELETE /users/profile from the page's form; once done the session is over (the account is gone), so the
 * app signs out here and goes home. Tests pass their own `remove`.
 */
export function useDeleteAccount(remove = accountDeletionApi.deleteAccount) {
  const { send } = useAuth();
  const navigate = useNavigate();
  return useSubmission<AccountDeletionInput, void>({
    submit: (values) => remove(values),
    onSuccess: () => {
      toast.success(
        i18n._(msg({ id: 'profile.deleteAccount.done', message: 'Sua conta foi excluída. Obrigado por ter semeado com a gente.' })),
      );
      send({ type: 'auth.signOutRequested' });
      void navigate({ to: '/', replace: true });
    },
  });
}
