import { Controller, useForm } from 'react-hook-form';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contracts';
import { Button, Checkbox, DateField, Form, FormActions, FormRow, RadioGroup, TextField } from '../../ui';
import { AuthCard } from './AuthCard';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { masked } from '../../app/forms/masked';
import { maskCnpj, maskCpf, maskPhone } from '../../app/forms/masks';
import { signUpDefaults, signUpResolver, type SignUpFormValues } from './sign-up-form';
import { useSignUpFlow } from './sign-up-provider';
import { SignUpSent } from './SignUpSent';
import { useFieldError } from '../../app/forms/use-field-error';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';
import { usePrefilledEmail } from './use-prefilled-email';
import { useReturnUrl } from './use-return-url';
import * as s from './auth.css';

/**
 * /signup: individuals (CPF, birth date) or companies (CNPJ). Sending the form mails a link that
 * creates the account (/signup/confirm); the page then says where it went, the same whether or not the
 * address already had an account.
 */
export function SignUpPage() {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const returnUrl = useReturnUrl();
  const email = usePrefilledEmail();
  const flow = useSignUpFlow(returnUrl);
  const { view, submit } = flow;
  useLeaveWhenSignedIn();
  const { register, control, handleSubmit, formState, watch, setFocus } = useForm<SignUpFormValues, unknown, Parameters<typeof submit>[0]>({
    resolver: signUpResolver,
    defaultValues: { ...signUpDefaults, email },
  });
  const errors = formState.errors;
  const isCompany = watch('person_type') === 'COMPANY';
  const passwordLength = (watch('password') ?? '').length;

  if (view.step === 'sent' && view.sent)
    return (
      <SignUpSent
        view={view}
        email={view.sent.email}
        onResend={flow.resend}
        onEdit={() => {
          flow.edit();
          // The form kept what was typed: back on it, the address is what to correct.
          setTimeout(() => setFocus('email'));
        }}
      />
    );

  return (
    <AuthCard title={<Trans>Criar conta</Trans>} lead={<Trans>Leva um minuto. Depois é só doar.</Trans>}>
      <Form onSubmit={handleSubmit((values) => submit(values))} aria-label={t`Criar conta`}>
        <RadioGroup
          legend={t`Tipo de pessoa`}
          options={[
            { value: 'INDIVIDUAL', label: t`Pessoa física` },
            { value: 'COMPANY', label: t`Pessoa jurídica` },
          ]}
          error={fieldError(errors.person_type)}
          {...register('person_type')}
        />
        <TextField
          label={isCompany ? t`Razão social` : t`Nome completo`}
          autoComplete={isCompany ? 'organization' : 'name'}
          required
          error={fieldError(errors.name)}
          {...register('name')}
        />
        {isCompany ? (
          <TextField
            key="cnpj"
            label={t`CNPJ`}
            hint={t`Letras e números, como no cartão CNPJ.`}
            placeholder="00.000.000/0000-00"
            autoCapitalize="characters"
            required
            error={fieldError(errors.cnpj)}
            {...masked(register('cnpj'), maskCnpj)}
          />
        ) : (
          <TextField
            key="cpf"
            label={t`CPF`}
            placeholder="000.000.000-00"
            inputMode="numeric"
            required
            error={fieldError(errors.cpf)}
            {...masked(register('cpf'), maskCpf)}
          />
        )}
        <TextField label={t`E-mail`} type="email" autoComplete="email" required error={fieldError(errors.email)} {...register('email')} />
        <FormRow>
          <TextField
            label={t`Telefone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            required
            error={fieldError(errors.phone)}
            {...masked(register('phone'), maskPhone)}
          />
          {isCompany ? null : (
            <Controller
              control={control}
              name="birth_date"
              shouldUnregister
              render={({ field }) => (
                // An empty date means "not told", which the contract spells null.
                <DateField label={t`Data de nascimento`} autoComplete="bday" error={fieldError(errors.birth_date)} {...field} />
              )}
            />
          )}
        </FormRow>
        <TextField
          label={t`Senha`}
          type="password"
          autoComplete="new-password"
          required
          hint={
            <Plural
              value={passwordLength}
              _0={`Use de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`}
              one={`Use de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres (# digitado).`}
              other={`Use de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres (# digitados).`}
            />
          }
          error={fieldError(errors.password)}
          {...register('password')}
        />
        <Checkbox
          label={t`Li e aceito os termos de uso e a política de privacidade`}
          // In a new tab, so what was typed here stays.
          hint={
            <Trans>
              Leia os{' '}
              <a href="/termos" target="_blank" rel="noopener">
                termos de uso
              </a>{' '}
              e a{' '}
              <a href="/privacidade" target="_blank" rel="noopener">
                política de privacidade
              </a>{' '}
              (abrem em outra aba).
            </Trans>
          }
          error={fieldError(errors.accept_terms)}
          {...register('accept_terms')}
        />
        <FailureAlert failure={view.failure} />
        <FormActions>
          <Button type="submit" fullWidth loading={view.submitting}>
            <Trans>Criar conta</Trans>
          </Button>
        </FormActions>
      </Form>
      <div className={s.links}>
        <Link
          to="/signin"
          search={{ ...(returnUrl === '/' ? {} : { return_url: returnUrl }), ...(email ? { email } : {}) }}
          className={s.link}
        >
          <Trans>Já tem conta? Entrar</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
