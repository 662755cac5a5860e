import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TeamEntry } from '../../../../contracts/team-entry';
import type { ApprovalCommand, ApprovalsEvent, ChangeItem } from '../../../../machines/admin/approvals.machine';
import { formatDateTime } from '../../../app';
import type { ListView } from '../../../app/list-machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { FormError, Spinner } from '../../../ui';
import { DecisionButtons } from '../DecisionButtons';
import { JoinedNote } from '../JoinedNote';
import * as s from '../taxonomy/taxonomy.css';

/** What the page says once a command went through. */
const DONE_TEXTS: Record<ApprovalCommand['type'], MessageDescriptor> = {
  request: msg`Pedido registrado. Ele espera a aprovação de outra pessoa da equipe (quem pede não aprova): até lá, nada muda.`,
  approve: msg`Aprovado: a mudança já vale.`,
  reject: msg`Recusado: nada mudou.`,
};

const STATUS_NAMES: Record<ChangeItem['status'], MessageDescriptor> = {
  pending_approval: msg`esperando aprovação`,
  active: msg`em uso`,
  inactive: msg`substituída`,
  rejected: msg`recusada`,
};

interface Listed extends ChangeItem {
  requested_by: string | null;
  requester_joined: TeamEntry;
  decided_by: string | null;
  decider_joined: TeamEntry;
  created_at: string;
}

/**
 * The changes asked for (a key, an account), each with who asked and decided; the decision buttons only
 * for an admin who may decide it (`can_decide`), while the one who asked reads that it waits for someone else.
 */
export function ChangeList<T extends Listed>({
  view,
  send,
  label,
  describe,
}: {
  view: ListView<object, T[], ApprovalCommand['type']>;
  send: (event: ApprovalsEvent) => void;
  label: string;
  describe: (item: T) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  return (
    <>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done && !view.failure ? (
          <p role="status" className={s.muted}>
            {i18n._(DONE_TEXTS[view.done])}
          </p>
        ) : null}
      </div>
      {view.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans>Não conseguimos carregar a lista agora.</Trans>
        </RetryNotice>
      ) : view.loading && view.data.length === 0 ? (
        <Spinner label={t`Carregando`} />
      ) : (
        <ul className={s.list} aria-label={label} aria-busy={view.saving || view.loading}>
          {view.data.map((item) => {
            const who = item.requested_by_me ? t`você` : (item.requested_by ?? '—');
            const when = formatDateTime(item.created_at);
            return (
              <li key={item.id} className={s.row} aria-label={`${i18n._(STATUS_NAMES[item.status])}: ${item.id}`}>
                <div className={s.rowHead}>
                  <span>
                    {describe(item)}
                    <br />
                    <span className={s.muted}>
                      {i18n._(STATUS_NAMES[item.status])} ·{' '}
                      <Trans>
                        pedida por {who} em {when}
                      </Trans>
                      <JoinedNote entry={item.requester_joined} aside />
                      {item.decided_by ? (
                        <>
                          {` · ${t`decidida por ${item.decided_by}`}`}
                          <JoinedNote entry={item.decider_joined} aside />
                        </>
                      ) : null}
                    </span>
                  </span>
                  {item.can_decide ? (
                    <DecisionButtons
                      busy={view.busy}
                      onDecide={(approve) => send({ type: 'command.sent', command: { type: approve ? 'approve' : 'reject', id: item.id } })}
                    />
                  ) : null}
                </div>
                {item.status === 'pending_approval' && !item.can_decide ? (
                  <p className={s.muted}>
                    {item.requested_by_me ? (
                      <Trans>Você pediu esta mudança: outra pessoa da equipe precisa aprová-la. Até lá, nada muda.</Trans>
                    ) : (
                      <Trans>Espera a aprovação de outra pessoa da equipe. Até lá, nada muda.</Trans>
                    )}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
