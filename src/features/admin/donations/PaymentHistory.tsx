import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminDonationDetail } from '../../../../contracts/admin-donations';
import { paymentMethodNames } from '../../../../contracts/admin-messages';
import { formatDateTime, formatMoney } from '../../../app';
import * as s from '../taxonomy/taxonomy.css';
import {
  GATEWAY_EVENT_NAMES,
  LEDGER_GROUP_NAMES,
  MAIL_STATUS_NAMES,
  PAYMENT_STATUS_NAMES,
  WEBHOOK_STATUS_NAMES,
  gatewayName,
  ledgerAccountName,
  ledgerAmount,
} from './donation-words';

/**
 * The payment's whole history in words (docs/admin.md): the payment, the provider's notices, each
 * movement of money account by account, the e-mails and the webhook deliveries. Codes only where a
 * person needs them to look something up elsewhere (the provider's reference, a webhook's event name).
 */
export function PaymentHistory({ detail }: { detail: AdminDonationDetail }) {
  const { i18n, t } = useLingui();
  const translate = (descriptor: MessageDescriptor) => i18n._(descriptor);
  const payment = detail.payment;
  return (
    <ul className={s.list} aria-label={t`Histórico do pagamento`}>
      {payment ? (
        <li>
          <Trans>Pagamento</Trans>: {i18n._(paymentMethodNames[detail.method])}
          {payment.card ? ` (${payment.card})` : ''} · {i18n._(PAYMENT_STATUS_NAMES[payment.status])} ·{' '}
          {gatewayName(payment.gateway, translate)} · {formatDateTime(payment.created_at)}
          {payment.gateway_ref ? (
            <span className={s.muted}>
              {' '}
              · <Trans>referência no meio de pagamento</Trans> <code>{payment.gateway_ref}</code>
            </span>
          ) : null}
        </li>
      ) : null}
      {detail.gateway_events.map((event) => (
        <li key={`${event.type}-${event.at}`}>
          <Trans>Aviso do meio de pagamento</Trans>: {i18n._(GATEWAY_EVENT_NAMES[event.type])} · {formatDateTime(event.at)}
        </li>
      ))}
      {detail.ledger.map((group) => (
        <li key={group.reference}>
          {i18n._(LEDGER_GROUP_NAMES[group.kind])} · {formatDateTime(group.at)}:{' '}
          {group.lines.map((line) => `${ledgerAccountName(line, translate)} ${ledgerAmount(line.amount, formatMoney)}`).join(' · ')}
        </li>
      ))}
      {detail.emails.map((mail) => (
        <li key={`${mail.subject}-${mail.at}`}>
          <Trans>E-mail</Trans> “{mail.subject}” · {i18n._(MAIL_STATUS_NAMES[mail.status])} · {formatDateTime(mail.at)}
        </li>
      ))}
      {detail.webhooks.map((hook) => (
        <li key={`${hook.event}-${hook.at}`}>
          <Trans>Webhook</Trans> <code>{hook.event}</code> · {i18n._(WEBHOOK_STATUS_NAMES[hook.status])} · {formatDateTime(hook.at)}
        </li>
      ))}
    </ul>
  );
}
