import { Link, useRouterState } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AuthCard } from './AuthCard';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { NewPasswordForm } from './NewPasswordForm';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';
import * as s from './auth.css';

/**
 * /reset-password: without ?token it asks for the e-mail link; with the link's ?token it sets the
 * new password. The query string is read raw (not through a route schema) so the page works on
 * any route definition.
 */
export function ResetPasswordPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const search = new URLSearchParams(searchStr);
  const token = search.get('token')?.trim() ?? '';
  useLeaveWhenSignedIn();

  return token ? (
    <AuthCard title={<Trans>Crie uma nova senha</Trans>} lead={<Trans>Escolha uma senha que você não usa em outros sites.</Trans>}>
      <NewPasswordForm token={token} />
      <div className={s.links}>
        {/* Links expire; the way out of a dead one is asking for another. */}
        <Link to="/reset-password" className={s.link}>
          <Trans>Pedir um novo link</Trans>
        </Link>
      </div>
    </AuthCard>
  ) : (
    <AuthCard title={<Trans>Esqueceu sua senha?</Trans>} lead={<Trans>Informe seu e-mail e enviamos um link para criar uma nova.</Trans>}>
      <ForgotPasswordForm email={search.get('email') ?? ''} />
      <div className={s.links}>
        <Link to="/signin" className={s.link}>
          <Trans>Lembrou? Entrar</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
