import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApprovalsEvent, ChangeItem } from '../../../../machines/admin/approvals.machine';
import { formatDateTime } from '../../../app';
import { RetryNotice } from '../../../app/RetryNotice';
import { FormError, Spinner } from '../../../ui';
import { DecisionButtons } from '../DecisionButtons';
import * as s from '../taxonomy/taxonomy.css';

const STATUS_NAMES: Record<ChangeItem['status'], MessageDescriptor> = {
  pending_approval: msg`esperando aprovação`,
  active: msg`em uso`,
  inactive: msg`substituída`,
  rejected: msg`recusada`,
};

interface Listed extends ChangeItem {
  requested_by: string | null;
  decided_by: string | null;
  created_at: string;
}

/** The changes asked for (a key, an account), each with who asked and decided, and the decision buttons. */
export function ChangeList<T extends Listed>({
  view,
  send,
  label,
  describe,
}: {
  view: {
    loading: boolean;
    unavailable: boolean;
    saving: boolean;
    items: T[];
    failure: { messages: string[] } | null;
    done: string | null;
  };
  send: (event: ApprovalsEvent) => void;
  label: string;
  describe: (item: T) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  return (
    <>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done === 'request' && !view.failure ? (
          <p role="status" className={s.muted}>
            <Trans>Pedido registrado: outra pessoa da equipe precisa aprovar.</Trans>
          </p>
        ) : null}
      </div>
      {view.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans>Não conseguimos carregar a lista agora.</Trans>
        </RetryNotice>
      ) : view.loading && view.items.length === 0 ? (
        <Spinner label={t`Carregando`} />
      ) : (
        <ul className={s.list} aria-label={label} aria-busy={view.saving || view.loading}>
          {view.items.map((item) => {
            const who = item.requested_by ?? '—';
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
                      {item.decided_by ? ` · ${t`decidida por ${item.decided_by}`}` : ''}
                    </span>
                  </span>
                  {item.status === 'pending_approval' ? (
                    <DecisionButtons
                      busy={view.saving}
                      onDecide={(approve) => send({ type: 'command.sent', command: { type: approve ? 'approve' : 'reject', id: item.id } })}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
