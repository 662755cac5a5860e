import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { signInSchema, type SignInInput } from '../../../contracts';
import { Button, Form, FormActions, TextField } from '../../ui';
import { AuthCard } from './AuthCard';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { useSignInFlow } from './sign-in-provider';
import { SecondFactorStep } from './SecondFactorStep';
import { useFieldError } from '../../app/forms/use-field-error';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';
import { usePrefilledEmail } from './use-prefilled-email';
import { useReturnUrl } from './use-return-url';
import * as s from './auth.css';

/**
 * /signin: e-mail and password, then, for an account with a second factor, its code or passkey; the
 * session goes to the auth machine.
 */
export function SignInPage() {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const returnUrl = useReturnUrl();
  const email = usePrefilledEmail();
  const flow = useSignInFlow();
  const { view, submit } = flow;
  useLeaveWhenSignedIn();
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: '' },
  });
  const busy = view.submitting || view.succeeded;
  const carry = { ...(returnUrl === '/' ? {} : { return_url: returnUrl }), ...(email ? { email } : {}) };

  if (view.step === 'secondFactor')
    return (
      <AuthCard
        title={<Trans id="signIn.secondFactor.title">Confirme que é você</Trans>}
        lead={<Trans id="signIn.secondFactor.lead">Sua conta tem um segundo fator. Falta só ele para entrar.</Trans>}
      >
        <SecondFactorStep
          view={view}
          onCode={flow.submitCode}
          onMethod={flow.chooseMethod}
          onPasskey={flow.usePasskey}
          onCancel={flow.cancel}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={<Trans>Entrar</Trans>} lead={<Trans>Que bom ver você de novo.</Trans>}>
      <Form onSubmit={handleSubmit((values) => submit(values))} aria-label={t`Entrar`}>
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          required
          error={fieldError(formState.errors.email)}
          {...register('email')}
        />
        <TextField
          label={t`Senha`}
          type="password"
          autoComplete="current-password"
          required
          error={fieldError(formState.errors.password)}
          {...register('password')}
        />
        <FailureAlert failure={view.failure} />
        <FormActions>
          <Button type="submit" fullWidth loading={busy}>
            <Trans>Entrar</Trans>
          </Button>
        </FormActions>
      </Form>
      <div className={s.links}>
        <Link to="/reset-password" className={s.link}>
          <Trans>Esqueci minha senha</Trans>
        </Link>
        <Link to="/signup" search={carry} className={s.link}>
          <Trans>Não tem conta? Faça seu cadastro</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
