import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { authMessages, SIGN_UP_MAIL_INTERVAL_S } from '../../../contracts';
import { Button, FormActions, Notice, Stack } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { AuthCard } from './AuthCard';
import type { SignUpView } from './sign-up-provider';
import * as s from './auth.css';

/**
 * After the sign-up form: where the link went. The same words whether or not the address already had an
 * account (its owner got a mail with the way in instead), so the page tells nobody who has one.
 */
export function SignUpSent({
  view,
  email,
  onResend,
  onEdit,
}: {
  view: SignUpView;
  email: string;
  onResend: () => void;
  onEdit: () => void;
}) {
  const { i18n } = useLingui();
  const minutes = SIGN_UP_MAIL_INTERVAL_S / 60;
  return (
    <AuthCard title={<Trans>Verifique seu e-mail</Trans>} lead={i18n._(authMessages.signUpMailSent.id, { email })}>
      <Stack>
        <Notice>
          <Trans>Não chegou? Confira a caixa de spam. Se este e-mail já tiver uma conta, a mensagem traz o link para entrar nela.</Trans>
        </Notice>
        {view.resent ? (
          <Notice>
            <Trans>Pedido enviado de novo. Enviamos no máximo um e-mail a cada {minutes} minutos para o mesmo endereço.</Trans>
          </Notice>
        ) : null}
        <FailureAlert failure={view.failure} />
        <FormActions>
          <Button variant="secondary" fullWidth loading={view.submitting} onClick={onResend}>
            <Trans>Enviar o e-mail de novo</Trans>
          </Button>
          <Button variant="ghost" fullWidth onClick={onEdit}>
            <Trans>Corrigir o e-mail</Trans>
          </Button>
        </FormActions>
      </Stack>
      <div className={s.links}>
        <Link to="/signin" search={{ email }} className={s.link}>
          <Trans>Já confirmou ou já tem conta? Entrar</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
