import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SecondFactorStatus } from '../../../contracts/second-factor';
import type { SecurityEvent } from '../../../machines/profile/security.machine';
import { ConfirmCancelledError, formatDateTime, useConfirm } from '../../app';
import { Button, Form, FormActions, TextField } from '../../ui';
import { FailureAlert } from '../../app/forms/FailureAlert';
import type { EnrolmentView } from './security-provider';
import * as s from './security.css';

interface FactorListProps {
  factors: SecondFactorStatus;
  busy: boolean;
  send: (event: SecurityEvent) => void;
  enrolment: EnrolmentView;
  onStartTotp: () => void;
  onRegisterPasskey: (name: string) => void;
  onRegenerateCodes: () => void;
}

/** The account's factors, each removable (the server may ask for the factor again), and the ways to add one. */
export function FactorList({ factors, busy, send, enrolment, onStartTotp, onRegisterPasskey, onRegenerateCodes }: FactorListProps) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const [passkeyName, setPasskeyName] = useState('');
  const ask = async (title: string, description: string, run: () => void) => {
    try {
      await confirm({ title, description, confirmText: t({ id: 'security.remove', message: 'Remover' }) });
      run();
    } catch (error) {
      if (!(error instanceof ConfirmCancelledError)) throw error;
    }
  };
  const last = (factors.totp ? 1 : 0) + factors.passkeys.length === 1;
  const lastNote = last
    ? t({ id: 'security.remove.last', message: 'É o seu único segundo fator: sem ele, a conta volta a entrar só com a senha.' })
    : t({ id: 'security.remove.other', message: 'Os outros fatores continuam valendo.' });
  const working = busy || enrolment.submitting;
  const left = factors.recovery_codes_left;
  const totpSince = factors.totp ? formatDateTime(factors.totp.created_at) : '';
  return (
    <>
      <ul className={s.list} aria-busy={busy}>
        <li className={s.row}>
          <span>
            <strong>
              <Trans id="security.totp.name">Aplicativo autenticador</Trans>
            </strong>{' '}
            <span className={s.muted}>
              {factors.totp ? (
                <Trans id="security.totp.on">ativado em {totpSince}</Trans>
              ) : (
                <Trans id="security.totp.off">não ativado</Trans>
              )}
            </span>
          </span>
          {factors.totp ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={working}
              onClick={() =>
                void ask(t({ id: 'security.totp.removeTitle', message: 'Remover o aplicativo autenticador?' }), lastNote, () =>
                  send({ type: 'command.sent', command: { type: 'removeTotp' } }),
                )
              }
            >
              <Trans id="security.totp.remove">Remover aplicativo</Trans>
            </Button>
          ) : (
            <Button size="sm" disabled={working} loading={enrolment.submitting && !enrolment.registeringPasskey} onClick={onStartTotp}>
              <Trans id="security.totp.start">Ativar aplicativo autenticador</Trans>
            </Button>
          )}
        </li>
        {factors.passkeys.map((passkey) => {
          const name = passkey.name;
          const when = formatDateTime(passkey.last_used_at ?? passkey.created_at);
          return (
            <li key={passkey.id} className={s.row}>
              <span>
                <strong>{passkey.name}</strong>{' '}
                <span className={s.muted}>
                  {passkey.last_used_at ? (
                    <Trans id="security.passkey.used">chave de acesso · usada em {when}</Trans>
                  ) : (
                    <Trans id="security.passkey.created">chave de acesso · criada em {when}</Trans>
                  )}
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                disabled={working}
                aria-label={t({ id: 'security.passkey.removeNamed', message: `Remover a chave de acesso ${name}` })}
                onClick={() =>
                  void ask(t({ id: 'security.passkey.removeTitle', message: `Remover a chave de acesso ${name}?` }), lastNote, () =>
                    send({ type: 'command.sent', command: { type: 'removePasskey', passkeyId: passkey.id } }),
                  )
                }
              >
                <Trans id="security.remove">Remover</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
      <Form
        aria-label={t({ id: 'security.passkey.addForm', message: 'Adicionar chave de acesso' })}
        onSubmit={(event) => {
          event.preventDefault();
          if (passkeyName.trim() === '') return;
          onRegisterPasskey(passkeyName);
          setPasskeyName('');
        }}
      >
        <TextField
          label={t({ id: 'security.passkey.name', message: 'Nome da nova chave de acesso' })}
          hint={t({ id: 'security.passkey.nameHint', message: 'Para reconhecê-la depois, como "Notebook do trabalho".' })}
          maxLength={60}
          value={passkeyName}
          onChange={(event) => setPasskeyName(event.currentTarget.value)}
        />
        <FormActions>
          <Button type="submit" variant="secondary" disabled={working || passkeyName.trim() === ''} loading={enrolment.registeringPasskey}>
            <Trans id="security.passkey.add">Adicionar chave de acesso</Trans>
          </Button>
        </FormActions>
      </Form>
      {enrolment.step === 'idle' ? <FailureAlert failure={enrolment.failure} /> : null}
      {factors.enrolled ? (
        <div className={s.actions}>
          <p className={s.muted}>
            <Trans id="security.codes.left">Códigos de recuperação restantes: {left}</Trans>
          </p>
          <Button size="sm" variant="secondary" disabled={working} onClick={onRegenerateCodes}>
            <Trans id="security.codes.regenerate">Gerar novos códigos de recuperação</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}
