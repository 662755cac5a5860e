import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { secondFactorApi } from '../../../lib/api/second-factor';
import { Button, Dialog, Form, FormActions, TextField } from '../../../ui';
import { FailureAlert } from '../../forms/FailureAlert';
import { createStepUpService } from './step-up-service';

/** One dialog for the whole app, made the first time a money action asks for it. */
export const stepUpService = createStepUpService(secondFactorApi);

/**
 * "Confirme que é você": the code of the authenticator app or a recovery code, or a passkey, in place
 * of the form that asked; the form stays as it was behind it. Reads the step-up machine, sends its events.
 */
export function StepUpDialog() {
  const open = useSelector(stepUpService.actor, (s) => s.hasTag('state:open'));
  // Mounted per opening: a code typed for the last step-up never comes back.
  return open ? <StepUpPanel /> : null;
}

function StepUpPanel() {
  const { t } = useLingui();
  const { actor } = stepUpService;
  const loading = useSelector(actor, (s) => s.hasTag('state:loading'));
  const submitting = useSelector(actor, (s) => s.hasTag('state:submitting'));
  const usingPasskey = useSelector(actor, (s) => s.hasTag('state:passkey'));
  const failure = useSelector(actor, (s) => (s.hasTag('state:failed') ? s.context.failure : null));
  const methods = useSelector(actor, (s) => s.context.methods);
  const [code, setCode] = useState('');
  const offersCode = methods.includes('totp') || methods.includes('recovery_code');
  return (
    <Dialog
      open
      title={t({ id: 'stepUp.title', message: 'Confirme que é você' })}
      description={t({
        id: 'stepUp.description',
        message: 'Esta ação envolve dinheiro. Confirme com seu segundo fator; o que você preencheu continua como estava.',
      })}
      onClose={() => actor.send({ type: 'stepUp.cancelled' })}
      closeOnBackdrop={false}
    >
      <Form
        aria-label={t({ id: 'stepUp.title', message: 'Confirme que é você' })}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'code.submitted', code });
        }}
      >
        {offersCode || loading ? (
          <TextField
            label={t({ id: 'stepUp.code', message: 'Código do aplicativo autenticador ou de recuperação' })}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : null}
        <FailureAlert failure={failure} />
        <FormActions>
          <Button variant="secondary" type="button" onClick={() => actor.send({ type: 'stepUp.cancelled' })}>
            <Trans id="stepUp.cancel">Cancelar</Trans>
          </Button>
          {methods.includes('passkey') ? (
            <Button variant="secondary" type="button" loading={usingPasskey} onClick={() => actor.send({ type: 'passkey.requested' })}>
              <Trans id="stepUp.passkey">Usar chave de acesso</Trans>
            </Button>
          ) : null}
          {offersCode || loading ? (
            <Button type="submit" loading={submitting && !usingPasskey} disabled={loading}>
              <Trans id="stepUp.confirm">Confirmar</Trans>
            </Button>
          ) : null}
        </FormActions>
      </Form>
    </Dialog>
  );
}
