import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminRefund } from '../../../../contracts/admin-donations';
import { formatDateTime, formatMoney } from '../../../app';
import { DecisionButtons } from '../DecisionButtons';
import { JoinedNote } from '../JoinedNote';
import * as s from '../taxonomy/taxonomy.css';
import { REFUND_FAILURE_ADVICE, REFUND_FAILURE_REASONS, REFUND_STATUS_NAMES } from './donation-words';

/**
 * The donation's refunds in words: how much, how it stands, why, who asked and when; a refusal with the
 * provider's reason and what to do; and, on one waiting for a second admin, the decision buttons only for
 * an admin who may decide it (the API's `can_decide`) — the one who asked reads that it waits for someone else.
 */
export function RefundList({
  refunds,
  busy,
  onDecide,
}: {
  refunds: AdminRefund[];
  busy: boolean;
  onDecide(refund: AdminRefund, approve: boolean): void;
}) {
  const { t, i18n } = useLingui();
  if (refunds.length === 0) {
    return (
      <p className={s.muted}>
        <Trans>Nenhum.</Trans>
      </p>
    );
  }
  return (
    <ul className={s.list} aria-label={t`Reembolsos`}>
      {refunds.map((refund) => {
        const amount = formatMoney(refund.amount);
        const status = i18n._(REFUND_STATUS_NAMES[refund.status]);
        const who = refund.requested_by ?? t`conta removida`;
        const when = formatDateTime(refund.created_at);
        const failure = refund.status === 'failed' ? (refund.failure_reason ?? 'refund.failed') : null;
        return (
          <li key={refund.id} className={s.row} aria-label={t`Reembolso de ${amount}: ${status}`}>
            <div className={s.rowHead}>
              <span>
                <strong>{amount}</strong> · {status} · {refund.reason}
                <br />
                <span className={s.muted}>
                  {/* "por você" is its own sentence: the pronoun after "por" differs (es "por ti", not "por tú"). */}
                  {refund.requested_by_me ? (
                    <Trans>pedido por você em {when}</Trans>
                  ) : (
                    <Trans>
                      pedido por {who} em {when}
                    </Trans>
                  )}
                  <JoinedNote entry={refund.requester_joined} aside />
                  {refund.decided_by ? (
                    <>
                      {` · ${t`decidido por ${refund.decided_by}`}`}
                      <JoinedNote entry={refund.decider_joined} aside />
                    </>
                  ) : null}
                </span>
              </span>
              {refund.can_decide ? <DecisionButtons busy={busy} onDecide={(approve) => onDecide(refund, approve)} /> : null}
            </div>
            {failure ? (
              <p>
                {i18n._(REFUND_FAILURE_REASONS[failure])}. {i18n._(REFUND_FAILURE_ADVICE[failure])}
              </p>
            ) : null}
            {refund.status === 'awaiting_approval' && !refund.can_decide ? (
              <p className={s.muted}>
                {refund.requested_by_me ? (
                  <Trans>Você pediu este reembolso: outra pessoa da equipe precisa aprová-lo. Até lá nada é devolvido.</Trans>
                ) : (
                  <Trans>Espera a aprovação de outra pessoa da equipe. Até lá nada é devolvido.</Trans>
                )}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
