import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPasswordSchema } from '../../../contracts';
import { Button, Form, FormActions, Notice, TextField } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { useForgotPasswordFlow } from './reset-password-provider';
import { useFieldError } from '../../app/forms/use-field-error';

/** Step 1 of the reset: ask for the link by e-mail. */
export function ForgotPasswordForm({ email = '' }: { email?: string }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const { view, submit } = useForgotPasswordFlow();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email } });

  // Always the same words, so the page does not reveal who has an account.
  if (view.succeeded) {
    return (
      <Notice>
        <Trans>
          Se houver uma conta com esse e-mail, enviamos um link para criar uma nova senha. Confira sua caixa de entrada e o spam.
        </Trans>
      </Notice>
    );
  }
  return (
    <Form onSubmit={handleSubmit((values) => submit(values))} aria-label={t`Recuperar senha`}>
      <TextField
        label={t`E-mail`}
        type="email"
        autoComplete="email"
        required
        error={fieldError(formState.errors.email)}
        {...register('email')}
      />
      <FailureAlert failure={view.failure} />
      <FormActions>
        <Button type="submit" fullWidth loading={view.submitting}>
          <Trans>Enviar link</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
