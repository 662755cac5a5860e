import { useEffect } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { authMessages, errorCodes } from '../../../contracts';
import type { FormFailure } from '../../app/forms/form-failure';
import { Spinner, Stack } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { AuthCard } from './AuthCard';
import { useConfirmSignUpFlow } from './confirm-sign-up-provider';
import { useReturnUrl } from './use-return-url';
import * as s from './auth.css';

/** A link without a token reads as one that no longer works. */
const noToken: FormFailure = { status: 400, code: errorCodes.signUpInvalid, messages: [authMessages.signUpInvalid.id] };

/**
 * /signup/confirm?token=…: the link a sign-up mails. Opening it creates the account and signs it in, then
 * goes to the return_url the sign-up started from (or home), as signing in does. A used or expired link
 * leads back to the sign-up; an address that got an account meanwhile leads to signing in.
 */
export function ConfirmSignUpPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const token = new URLSearchParams(searchStr).get('token')?.trim() ?? '';
  const returnUrl = useReturnUrl();
  const { view, submit } = useConfirmSignUpFlow(returnUrl);
  const { t } = useLingui();

  useEffect(() => {
    if (token) submit({ token });
    // Once per link: the machine ignores a second submission while the first runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const failure = token ? view.failure : noToken;
  if (!failure)
    return (
      <AuthCard title={<Trans>Ativando sua conta…</Trans>}>
        <Stack>
          <Spinner label={t`Ativando sua conta…`} />
        </Stack>
      </AuthCard>
    );

  const back = returnUrl === '/' ? {} : { return_url: returnUrl };
  const taken = failure.code === errorCodes.emailTaken;
  return (
    <AuthCard title={<Trans>Não foi possível ativar a conta</Trans>}>
      <FailureAlert failure={failure} />
      <div className={s.links}>
        {taken ? (
          <>
            <Link to="/signin" search={back} className={s.link}>
              <Trans>Entrar</Trans>
            </Link>
            <Link to="/reset-password" className={s.link}>
              <Trans>Esqueceu sua senha?</Trans>
            </Link>
          </>
        ) : (
          <Link to="/signup" search={back} className={s.link}>
            <Trans>Fazer o cadastro de novo</Trans>
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
