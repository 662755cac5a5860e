import type { MessageDescriptor } from '../../../contracts/messages';
import type { Executor } from '../../db/types';
import { formatBrlText } from '../../i18n/format';
import { mailAdmins, teamText } from '../admin/admin-recipients';
import type { ChargebackAlertDeps } from '../refunds/chargeback-alert';
import { recordGatewayState } from './payment-outcomes';
import type { PaymentRow } from './payments-repository';

/** Texts of the admins' alert; `lingui extract` collects them through the i18n markers. */
export const amountMismatchMessages = {
  subject: /*i18n*/ { id: 'mail.amount_mismatch.subject', message: 'Pagamento de {paid} para uma cobrança de {charged}: nada confirmado' },
  body: /*i18n*/ {
    id: 'mail.amount_mismatch.body',
    message:
      'O meio de pagamento {gateway} diz que a cobrança {reference} de {charged} recebeu {paid}. O Semear não confirmou a doação nem lançou nada no razão: o pagamento ficou como não pago.',
  },
  advice: /*i18n*/ {
    id: 'mail.amount_mismatch.advice',
    message: 'Confira o recebimento no extrato do banco e, se o dinheiro entrou, devolva-o ao pagador pelo banco.',
  },
  link: /*i18n*/ { id: 'mail.amount_mismatch.link', message: 'Veja o pagamento: {url}' },
} satisfies Record<string, MessageDescriptor>;

/** Whether what the provider says was paid differs from the payment's amount (nothing to settle then). */
export const paidOtherThanCharged = (payment: Pick<PaymentRow, 'amountCents'>, paidCents: number | undefined): paidCents is number =>
  paidCents !== undefined && paidCents !== payment.amountCents;

/**
 * A payment whose money arrived in another amount than charged settles nothing: it is closed as not paid
 * (once: only an open payment moves, so a repeated webhook or look-up writes and alerts nothing more) and
 * every admin who sees the money (MANAGE_FINANCES) is told, in Portuguese like every alert to the team.
 */
export async function refuseMismatchedPayment(
  tx: Executor,
  deps: ChargebackAlertDeps,
  payment: PaymentRow,
  input: { gatewayRef: string; paidCents: number },
  now: Date,
): Promise<PaymentRow | null> {
  const moved = await recordGatewayState(
    tx,
    payment,
    { status: 'failed', gatewayRef: input.gatewayRef, failureCode: 'payment.failed' },
    now,
  );
  if (!moved) return null;
  const t = teamText(deps.translator);
  const values = {
    gateway: payment.gateway,
    reference: moved.gatewayRef ?? input.gatewayRef,
    charged: formatBrlText(payment.amountCents),
    paid: formatBrlText(input.paidCents),
  };
  const target = payment.donationId ? `donation=${payment.donationId}` : `payment=${payment.id}`;
  const url = `${deps.config.publicUrl}/admin/donations?${target}`;
  const paragraphs = [t(amountMismatchMessages.body, values), t(amountMismatchMessages.advice), t(amountMismatchMessages.link, { url })];
  await mailAdmins(tx, deps.translator, ['MANAGE_FINANCES'], { subject: t(amountMismatchMessages.subject, values), paragraphs }, now);
  return moved;
}
