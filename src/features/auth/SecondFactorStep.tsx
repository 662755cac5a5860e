import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Form, FormActions, TextField } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import type { SignInView } from './sign-in-provider';
import * as s from './auth.css';

interface SecondFactorStepProps {
  view: SignInView;
  onCode: (code: string) => void;
  onMethod: (method: 'totp' | 'recovery_code') => void;
  onPasskey: () => void;
  onCancel: () => void;
}

/** Sign-in's second step: the authenticator app's code, a recovery code, or a passkey. */
export function SecondFactorStep({ view, onCode, onMethod, onPasskey, onCancel }: SecondFactorStepProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const recovery = view.method === 'recovery_code';
  const offersTotp = view.methods.includes('totp');
  const offersRecovery = view.methods.includes('recovery_code');
  const offersCode = offersTotp || offersRecovery;
  return (
    <>
      {offersCode ? (
        <Form
          aria-label={t({ id: 'signIn.secondFactor.form', message: 'Segundo fator' })}
          onSubmit={(event) => {
            event.preventDefault();
            onCode(code);
          }}
        >
          <TextField
            key={view.method}
            label={
              recovery
                ? t({ id: 'signIn.secondFactor.recoveryCode', message: 'Código de recuperação' })
                : t({ id: 'signIn.secondFactor.totpCode', message: 'Código do aplicativo autenticador' })
            }
            hint={
              recovery
                ? t({
                    id: 'signIn.secondFactor.recoveryHint',
                    message: 'Um dos códigos que você guardou ao ativar o segundo fator. Cada um vale uma vez.',
                  })
                : t({ id: 'signIn.secondFactor.totpHint', message: 'Os 6 dígitos que o aplicativo mostra agora.' })
            }
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <FailureAlert failure={view.failure} />
          <FormActions>
            <Button type="submit" fullWidth loading={view.submitting && !view.usingPasskey}>
              <Trans id="signIn.secondFactor.verify">Confirmar</Trans>
            </Button>
          </FormActions>
        </Form>
      ) : (
        <FailureAlert failure={view.failure} />
      )}
      <div className={s.links}>
        {view.methods.includes('passkey') ? (
          <Button variant="secondary" fullWidth loading={view.usingPasskey} onClick={onPasskey}>
            <Trans id="signIn.secondFactor.passkey">Usar chave de acesso</Trans>
          </Button>
        ) : null}
        {offersTotp && offersRecovery ? (
          <Button
            variant="ghost"
            onClick={() => {
              setCode('');
              onMethod(recovery ? 'totp' : 'recovery_code');
            }}
          >
            {recovery ? (
              <Trans id="signIn.secondFactor.useTotp">Usar o aplicativo autenticador</Trans>
            ) : (
              <Trans id="signIn.secondFactor.useRecovery">Usar um código de recuperação</Trans>
            )}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onCancel}>
          <Trans id="signIn.secondFactor.back">Voltar para e-mail e senha</Trans>
        </Button>
      </div>
    </>
  );
}
