import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SecurityCommand } from '../../../machines/profile/security.machine';
import { Card, Container, FormError, Notice, Spinner } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import { FactorList } from './FactorList';
import { RecoveryCodes } from './RecoveryCodes';
import { SessionList } from './SessionList';
import { TotpSetup } from './TotpSetup';
import { useEnrolment, useSecurityList } from './security-provider';
import * as s from './security.css';

/** What the page says once a change went through. */
const DONE_TEXTS: Record<SecurityCommand['type'], MessageDescriptor> = {
  removeTotp: /*i18n*/ { id: 'security.done.removeTotp', message: 'Aplicativo autenticador removido.' },
  removePasskey: /*i18n*/ { id: 'security.done.removePasskey', message: 'Chave de acesso removida.' },
  endSession: /*i18n*/ { id: 'security.done.endSession', message: 'Sessão encerrada.' },
  endOtherSessions: /*i18n*/ { id: 'security.done.endOthers', message: 'Todas as outras sessões foram encerradas.' },
};

/**
 * /profile/security ("Segurança"): the second factors (authenticator app, passkeys, recovery codes) and
 * the sessions where the account is signed in. Two machines: the list (machines/profile/security.machine.ts)
 * and the enrolment (second-factor-enrolment.machine.ts), which makes the list read again when it adds.
 */
export function SecurityPage() {
  const { t, i18n } = useLingui();
  const [list, send] = useSecurityList();
  const enrolment = useEnrolment(() => send({ type: 'list.opened', params: {} }));
  const { factors, sessions } = list.data;
  const { view } = enrolment;
  return (
    <Container className={s.page}>
      <h1 className={s.title}>
        <Trans id="security.title">Segurança</Trans>
      </h1>
      {factors?.required && !factors.enrolled ? (
        <Notice tone="warning">
          <Trans id="security.required">
            Sua conta pode mexer com o dinheiro das campanhas. Ative um segundo fator para continuar agindo na administração.
          </Trans>
        </Notice>
      ) : null}
      <div aria-live="polite">
        {list.failure ? <FormError>{list.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {list.done && !list.failure ? (
          <p role="status" className={s.muted}>
            {i18n._(DONE_TEXTS[list.done])}
          </p>
        ) : null}
      </div>
      {list.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans id="security.unavailable">Não conseguimos carregar sua segurança agora.</Trans>
        </RetryNotice>
      ) : factors === null ? (
        <Spinner label={t({ id: 'security.loading', message: 'Carregando' })} />
      ) : (
        <>
          <Card>
            <h2 className={s.sectionTitle}>
              <Trans id="security.factors.title">Segundo fator</Trans>
            </h2>
            <p className={s.muted}>
              <Trans id="security.factors.lead">
                Depois da senha, um código do aplicativo autenticador ou uma chave de acesso confirma que é você.
              </Trans>
            </p>
            {view.step === 'codes' ? (
              <RecoveryCodes codes={view.codes} onSaved={enrolment.codesSaved} />
            ) : view.step === 'scanning' && view.pending ? (
              <TotpSetup pending={view.pending} view={view} onConfirm={enrolment.confirmTotp} onCancel={enrolment.cancel} />
            ) : (
              <FactorList
                factors={factors}
                busy={list.busy}
                send={send}
                enrolment={view}
                onStartTotp={enrolment.startTotp}
                onRegisterPasskey={enrolment.registerPasskey}
                onRegenerateCodes={enrolment.regenerateCodes}
              />
            )}
          </Card>
          <Card>
            <h2 className={s.sectionTitle}>
              <Trans id="security.sessions.title">Sessões</Trans>
            </h2>
            <SessionList sessions={sessions} busy={list.busy} send={send} />
          </Card>
        </>
      )}
    </Container>
  );
}
