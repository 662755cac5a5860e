import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contracts';
import { Button, Form, FormActions, TextField } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { newPasswordFormSchema, type NewPasswordFormValues } from './reset-password-form';
import { useResetPasswordFlow } from './reset-password-provider';
import { useFieldError } from '../../app/forms/use-field-error';

/** Step 2 of the reset: the link's token plus a new password typed twice. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const { view, submit } = useResetPasswordFlow(token);
  const { register, handleSubmit, formState } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  return (
    <Form onSubmit={handleSubmit(({ password }) => submit({ password }))} aria-label={t`Redefinir senha`}>
      <TextField
        label={t`Nova senha`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`Use de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`}
        error={fieldError(formState.errors.password)}
        {...register('password')}
      />
      <TextField
        label={t`Confirme a nova senha`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(formState.errors.password_confirmation)}
        {...register('password_confirmation')}
      />
      <FailureAlert failure={view.failure} />
      <FormActions>
        <Button type="submit" fullWidth loading={view.submitting || view.succeeded}>
          <Trans>Salvar nova senha</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}
