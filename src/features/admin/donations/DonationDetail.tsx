import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { donationDetailMachine } from '../../../../machines/admin/donation-detail.machine';
import { formatDateTime, formatMoney } from '../../../app';
import { useConfirm } from '../../../app/dialogs/confirm';
import { useMachineView } from '../../../app/machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { adminDonationsApi } from '../../../lib/api/admin-donations';
import { reaisToCents } from '../../../lib/money';
import { refundAmountIssue } from '../../../../contracts/admin-donations';
import type { MessageDescriptor } from '../../../../contracts/messages';
import { Button, Card, Form, FormActions, FormError, Spinner, TextArea, TextField } from '../../../ui';
import * as s from '../taxonomy/taxonomy.css';
import { PaymentHistory } from './PaymentHistory';
import { RefundList } from './RefundList';
import { refundConfirmation, refundLimitHint, refundOutcomeText } from './refund-texts';

/** One donation's whole history (payment, gateway events, ledger, refunds, e-mails, webhooks) and its refunds. */
export function DonationDetail({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const confirm = useConfirm();
  const [machine] = useState(() =>
    donationDetailMachine.provide({
      actors: {
        load: fromPromise(({ input }) => adminDonationsApi.detail(input.params.id)),
        // The dialog says the amount, where it goes, and whether a second admin must approve it first.
        // Only a refund is asked to be confirmed, once the donation is on screen; it resolves with it.
        confirm: fromPromise(async ({ input: { command, data } }) => {
          if (command.type !== 'refund' || !data) throw new Error('donation detail: nothing to confirm');
          await confirm(refundConfirmation(command, data, i18n));
          return command;
        }),
        run: fromPromise(async ({ input }) => {
          const refund = await adminDonationsApi.run(input.params.id, input.command);
          // The list above shows the refund too (its route's loader).
          void router.invalidate();
          return refund;
        }),
      },
    }),
  );
  const [view, send] = useMachineView(
    machine,
    (snapshot) => ({
      loading: snapshot.hasTag('state:loading'),
      unavailable: snapshot.hasTag('state:unavailable'),
      busy: snapshot.hasTag('state:saving') || snapshot.hasTag('state:confirming'),
      detail: snapshot.context.data,
      failure: snapshot.context.failure,
      outcome: snapshot.context.done,
    }),
    { input: { id } },
  );
  const [amount, setAmount] = useState('');
  const [amountIssue, setAmountIssue] = useState<MessageDescriptor | null>(null);
  const [reason, setReason] = useState('');
  const detail = view.detail;
  if (view.unavailable) {
    return (
      <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
        <Trans>Não conseguimos abrir a doação agora.</Trans>
      </RetryNotice>
    );
  }
  if (!detail) return <Spinner label={t`Carregando`} />;
  const outcome = view.outcome ? refundOutcomeText(view.outcome, i18n) : null;
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
        {outcome && !view.failure ? <p role={outcome.refused ? 'alert' : 'status'}>{outcome.text}</p> : null}
      </div>
      {detail.refundable > 0 ? (
        <Form
          aria-label={t`Reembolsar`}
          onSubmit={(event) => {
            event.preventDefault();
            const cents = reaisToCents(amount);
            // More than is left, or nothing: said under the field, never asked in the confirmation.
            const issue = refundAmountIssue(cents, detail.refundable);
            setAmountIssue(issue);
            if (issue || cents === null) return;
            send({ type: 'command.sent', command: { type: 'refund', amount: cents, reason, key: crypto.randomUUID() } });
          }}
        >
          <TextField
            label={t`Valor a reembolsar (R$)`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountIssue(null);
            }}
            hint={refundLimitHint(detail, i18n)}
            error={amountIssue ? i18n._(amountIssue) : undefined}
            required
          />
          <TextArea label={t`Motivo`} value={reason} rows={2} onChange={(e) => setReason(e.target.value)} required />
          <FormActions>
            <Button type="submit" disabled={view.busy}>
              <Trans>Reembolsar</Trans>
            </Button>
          </FormActions>
        </Form>
      ) : null}
      <h3>
        <Trans>Reembolsos</Trans>
      </h3>
      <RefundList
        refunds={detail.refunds}
        busy={view.busy}
        onDecide={(refund, approve) =>
          send({ type: 'command.sent', command: { type: approve ? 'approve' : 'reject', refundId: refund.id } })
        }
      />
      <h3>
        <Trans>Histórico do pagamento</Trans>
      </h3>
      <PaymentHistory detail={detail} />
    </Card>
  );
}
