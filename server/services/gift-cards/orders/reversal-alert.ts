import type { MessageDescriptor } from '../../../../contracts/messages';
import type { Config } from '../../../config';
import type { Executor } from '../../../db/types';
import { formatBrlText } from '../../../i18n/format';
import type { Translator } from '../../../i18n/translator';
import { mailAdmins, teamText } from '../../admin/admin-recipients';
import type { PaymentRow } from '../../donations/payments-repository';
import type { GiftCardOrderRow } from './gift-card-orders-repository';

/** Texts of the admins' alert when a provider takes a gift-card order's money back; `lingui extract` collects them. */
export const orderReversalAlertMessages = {
  chargebackSubject: /*i18n*/ {
    id: 'mail.gift_card_order_reversal.chargeback_subject',
    message: 'Contestação (chargeback) de {amount} num pedido de gift cards',
  },
  refundSubject: /*i18n*/ {
    id: 'mail.gift_card_order_reversal.refund_subject',
    message: 'Reembolso de {amount} num pedido de gift cards, feito no meio de pagamento',
  },
  chargebackReason: /*i18n*/ {
    id: 'mail.gift_card_order_reversal.chargeback_reason',
    message: 'O banco de {buyer} contestou o pagamento de {amount} do pedido de gift cards {order}',
  },
  refundReason: /*i18n*/ {
    id: 'mail.gift_card_order_reversal.refund_reason',
    message: 'O pagamento de {amount} do pedido de gift cards {order}, de {buyer}, foi reembolsado no painel do meio de pagamento',
  },
  body: /*i18n*/ {
    id: 'mail.gift_card_order_reversal.body',
    message:
      '{reason} ({gateway}, referência {reference}), e o dinheiro voltou a quem pagou. No Semear, os cartões do pedido ({cards}) foram cancelados: {voided} ainda estavam neles e {clawedBack} foram retirados das carteiras em que tinham sido resgatados. {lost} já tinham sido doados às causas: essas doações ficam, e o valor fica como perda do fundo geral. A taxa do meio de pagamento não volta.',
  },
  advice: /*i18n*/ {
    id: 'mail.gift_card_order_reversal.advice',
    message: 'Se a compra foi legítima, responda à contestação no painel do meio de pagamento dentro do prazo dele.',
  },
} satisfies Record<string, MessageDescriptor>;

export interface OrderReversalAlertDeps {
  translator: Translator;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * Tells every admin who may see the money (MANAGE_FINANCES) that a provider took a gift-card order's
 * payment back, and what that cost, in the transaction that reverses it on the ledger (so it goes once).
 * In Portuguese, like every alert to the team (admins keep no language).
 */
export async function alertOrderReversal(
  tx: Executor,
  deps: OrderReversalAlertDeps,
  input: {
    order: GiftCardOrderRow;
    payment: PaymentRow;
    chargeback: boolean;
    cards: number;
    voided: number;
    clawedBack: number;
    lost: number;
  },
  now: Date,
): Promise<void> {
  const t = teamText(deps.translator);
  const m = orderReversalAlertMessages;
  const amount = formatBrlText(input.payment.amountCents);
  const buyer = input.order.contact.name;
  const reason = t(input.chargeback ? m.chargebackReason : m.refundReason, { buyer, amount, order: input.order.id });
  const body = t(m.body, {
    reason,
    gateway: input.payment.gateway,
    reference: input.payment.gatewayRef ?? '—',
    cards: input.cards,
    voided: formatBrlText(input.voided),
    clawedBack: formatBrlText(input.clawedBack),
    lost: formatBrlText(input.lost),
  });
  const subject = t(input.chargeback ? m.chargebackSubject : m.refundSubject, { amount });
  await mailAdmins(
    tx,
    deps.translator,
    ['MANAGE_FINANCES'],
    { subject, paragraphs: [body, ...(input.chargeback ? [t(m.advice)] : [])] },
    now,
  );
}
