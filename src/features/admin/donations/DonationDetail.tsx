import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { donationDetailMachine } from '../../../../machines/admin/donation-detail.machine';
import { formatDateTime, formatMoney } from '../../../app';
import { useMachineView } from '../../../app/machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { adminDonationsApi } from '../../../lib/api/admin-donations';
import { reaisToCents } from '../../../lib/money';
import { Button, Card, Form, FormActions, FormError, Spinner, TextArea, TextField } from '../../../ui';
import { DecisionButtons } from '../DecisionButtons';
import * as s from '../taxonomy/taxonomy.css';

/** One donation's whole history (payment, gateway events, ledger, refunds, e-mails, webhooks) and its refunds. */
export function DonationDetail({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [machine] = useState(() =>
    donationDetailMachine.provide({
      actors: {
        load: fromPromise(({ input }) => adminDonationsApi.detail(input.id)),
        // The list above shows the refund too (its route's loader).
        run: fromPromise(async ({ input }) => {
          await adminDonationsApi.run(input.id, input.command);
          void router.invalidate();
        }),
      },
    }),
  );
  const [view, send] = useMachineView(
    machine,
    (snapshot) => ({
      loading: snapshot.hasTag('state:loading'),
      unavailable: snapshot.hasTag('state:unavailable'),
      running: snapshot.hasTag('state:running'),
      detail: snapshot.context.detail,
      failure: snapshot.context.failure,
      done: snapshot.context.done,
    }),
    { input: { id } },
  );
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const detail = view.detail;
  if (view.unavailable) {
    return (
      <RetryNotice onRetry={() => send({ type: 'detail.retried' })}>
        <Trans>Não conseguimos abrir a doação agora.</Trans>
      </RetryNotice>
    );
  }
  if (!detail) return <Spinner label={t`Carregando`} />;
  const refundable = formatMoney(detail.refundable);
  return (
    <Card aria-label={t`Doação`} role="region">
      <h2>
        <Trans>
          Doação de {formatMoney(detail.amount)} por {detail.donor.name || detail.donor.email}
        </Trans>
      </h2>
      <p className={s.muted}>
        {detail.campaign?.title ?? t`Fundo geral`} · {formatDateTime(detail.created_at)} · {detail.id}
      </p>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {view.done === 'refund' && !view.failure ? (
          <p role="status">
            <Trans>Reembolso registrado.</Trans>
          </p>
        ) : null}
      </div>
      {detail.refundable > 0 ? (
        <Form
          aria-label={t`Reembolsar`}
          onSubmit={(event) => {
            event.preventDefault();
            const cents = reaisToCents(amount) ?? 0;
            send({ type: 'command.sent', command: { type: 'refund', amount: cents, reason, key: crypto.randomUUID() } });
          }}
        >
          <TextField
            label={t`Valor a reembolsar (R$)`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={t`Até ${refundable}`}
            required
          />
          <TextArea label={t`Motivo`} value={reason} rows={2} onChange={(e) => setReason(e.target.value)} required />
          <FormActions>
            <Button type="submit" disabled={view.running}>
              <Trans>Reembolsar</Trans>
            </Button>
          </FormActions>
        </Form>
      ) : null}
      <h3>
        <Trans>Reembolsos</Trans>
      </h3>
      {detail.refunds.length === 0 ? (
        <p className={s.muted}>
          <Trans>Nenhum.</Trans>
        </p>
      ) : (
        <ul className={s.list}>
          {detail.refunds.map((refund) => (
            <li key={refund.id} className={s.row}>
              <span>
                {formatMoney(refund.amount)} · {refund.status} · {refund.reason} · {formatDateTime(refund.created_at)}
              </span>
              {refund.status === 'awaiting_approval' ? (
                <DecisionButtons
                  busy={view.running}
                  onDecide={(approve) =>
                    send({ type: 'command.sent', command: { type: approve ? 'approve' : 'reject', refundId: refund.id } })
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <h3>
        <Trans>Histórico do pagamento</Trans>
      </h3>
      <ul className={s.list}>
        {detail.payment ? (
          <li>
            {detail.payment.gateway} · {detail.payment.status} · {detail.payment.card ?? detail.payment.gateway_ref ?? ''} ·{' '}
            {formatDateTime(detail.payment.created_at)}
          </li>
        ) : null}
        {detail.gateway_events.map((event) => (
          <li key={`${event.type}-${event.at}`}>
            <Trans>Aviso do meio de pagamento</Trans>: {event.type} · {formatDateTime(event.at)}
          </li>
        ))}
        {detail.ledger.map((group) => (
          <li key={group.reference}>
            <Trans>Lançamento</Trans> {group.reference}: {group.lines.map((l) => `${l.account} ${formatMoney(l.amount)}`).join(' · ')}
          </li>
        ))}
        {detail.emails.map((mail) => (
          <li key={`${mail.subject}-${mail.at}`}>
            <Trans>E-mail</Trans>: {mail.subject} · {mail.status}
          </li>
        ))}
        {detail.webhooks.map((hook) => (
          <li key={`${hook.event}-${hook.at}`}>
            <Trans>Webhook</Trans>: {hook.event} · {hook.status}
          </li>
        ))}
      </ul>
    </Card>
  );
}
