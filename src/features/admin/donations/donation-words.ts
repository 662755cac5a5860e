import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  AdminDonationDetail,
  GATEWAY_EVENT_TYPES,
  MAIL_STATUSES,
  RefundFailureCode,
  RefundStatus,
  WEBHOOK_DELIVERY_STATUSES,
} from '../../../../contracts/admin-donations';
import type { PAYMENT_STATUSES } from '../../../../contracts/donations';
import type { PaymentProviderName } from '../../../../contracts/payments';
import type { LedgerAccountKind, LedgerGroupKind } from '../../../../contracts/ledger';

/**
 * The words a donation's history is read in (docs/admin.md): every status and kind the API answers as
 * a code has its name here, so the page never shows `succeeded` or `gateway_clearing:sandbox`.
 */

export const REFUND_STATUS_NAMES: Record<RefundStatus, MessageDescriptor> = {
  awaiting_approval: msg`esperando aprovação`,
  processing: msg`em andamento`,
  succeeded: msg`feito`,
  failed: msg`não feito`,
  rejected: msg`recusado`,
};

/** What the payment provider said when it refused a refund. */
export const REFUND_FAILURE_REASONS: Record<RefundFailureCode, MessageDescriptor> = {
  'refund.card_closed': msg`o banco do cartão recusou a devolução: o cartão foi cancelado ou venceu depois da doação`,
  'refund.payment_unknown': msg`o meio de pagamento não encontrou este pagamento`,
  'refund.payment_not_refundable': msg`o meio de pagamento diz que este pagamento não pode mais ser reembolsado (já foi devolvido por inteiro ou não foi concluído)`,
  'refund.exceeds_captured': msg`o meio de pagamento diz que o valor passa do que resta deste pagamento`,
  'refund.not_done': msg`o banco aceitou o pedido, mas a devolução não foi realizada (NAO_REALIZADO)`,
  'refund.failed': msg`o meio de pagamento recusou o reembolso`,
};

/** What the admin can do after that refusal (nothing was given back: the amount is free to refund again). */
export const REFUND_FAILURE_ADVICE: Record<RefundFailureCode, MessageDescriptor> = {
  'refund.card_closed': msg`Nada foi devolvido e a doação continua como estava. Este cartão não recebe mais devoluções: combine com o doador outro jeito de devolver (por exemplo, um PIX).`,
  'refund.payment_unknown': msg`Nada foi devolvido e a doação continua como estava. Confira o pagamento no painel do meio de pagamento antes de tentar de novo.`,
  'refund.payment_not_refundable': msg`Nada foi devolvido e a doação continua como estava. Confira o pagamento no painel do meio de pagamento antes de tentar de novo.`,
  'refund.exceeds_captured': msg`Nada foi devolvido e a doação continua como estava. Tente um valor menor, ou confira no painel do meio de pagamento quanto já foi devolvido.`,
  'refund.not_done': msg`Nada foi devolvido e a doação continua como estava. Veja o motivo no extrato do banco antes de tentar de novo.`,
  'refund.failed': msg`Nada foi devolvido e a doação continua como estava. Tente de novo mais tarde.`,
};

export const PAYMENT_STATUS_NAMES: Record<(typeof PAYMENT_STATUSES)[number], MessageDescriptor> = {
  processing: msg`em processamento`,
  pending: msg`aguardando pagamento`,
  succeeded: msg`pago`,
  failed: msg`não pago`,
  expired: msg`expirou sem pagamento`,
  refunded: msg`reembolsado por inteiro`,
};

export const GATEWAY_EVENT_NAMES: Record<(typeof GATEWAY_EVENT_TYPES)[number], MessageDescriptor> = {
  'payment.succeeded': msg`pagamento confirmado`,
  'payment.failed': msg`pagamento recusado`,
  'payment.expired': msg`pagamento expirou`,
  'payment.refunded': msg`pagamento reembolsado por inteiro`,
};

export const LEDGER_GROUP_NAMES: Record<LedgerGroupKind, MessageDescriptor> = {
  donation: msg`Doação recebida`,
  refund: msg`Reembolso`,
  wallet_credit: msg`Crédito na carteira`,
  wallet_expiry: msg`Crédito vencido`,
  gift_card_purchase: msg`Compra de gift card`,
  gift_card_redemption: msg`Resgate de gift card`,
  automatic_donation: msg`Doação automática`,
  gift_card_expiry: msg`Gift card vencido`,
  provider_fee: msg`Taxa do meio de pagamento`,
  chargeback: msg`Contestação (chargeback)`,
};

export const MAIL_STATUS_NAMES: Record<(typeof MAIL_STATUSES)[number], MessageDescriptor> = {
  pending: msg`na fila`,
  sent: msg`enviado`,
  failed: msg`não enviado`,
  bounced: msg`devolvido: o endereço recusou`,
};

export const WEBHOOK_STATUS_NAMES: Record<(typeof WEBHOOK_DELIVERY_STATUSES)[number], MessageDescriptor> = {
  pending: msg`aguardando entrega`,
  succeeded: msg`entregue`,
  failed: msg`não entregue`,
};

/** The payment providers by the name the API gives them: every provider (contracts/payments.ts) and our own. */
const GATEWAY_NAMES: Record<PaymentProviderName | 'internal', MessageDescriptor> = {
  sandbox: msg`Sandbox (ambiente de testes)`,
  internal: msg`Semear (carteira ou gift card)`,
  mercadopago: msg`Mercado Pago`,
  paypal: msg`PayPal`,
  'api-pix': msg`Pix direto no banco da organização (API Pix)`,
};

const isNamedGateway = (gateway: string): gateway is keyof typeof GATEWAY_NAMES => Object.hasOwn(GATEWAY_NAMES, gateway);

type Translate = (descriptor: MessageDescriptor) => string;

export const gatewayName = (gateway: string, translate: Translate): string =>
  isNamedGateway(gateway) ? translate(GATEWAY_NAMES[gateway]) : gateway;

/** A ledger account in words: 'Campanha Cozinha Solidária', 'Meio de pagamento: Sandbox (ambiente de testes)'. */
export function ledgerAccountName(line: AdminDonationDetail['ledger'][number]['lines'][number], translate: Translate): string {
  const name = line.name ?? '';
  const names: Record<LedgerAccountKind, () => MessageDescriptor> = {
    campaign: () => msg`Campanha ${name}`,
    general_fund: () => msg`Fundo geral`,
    donor_wallet: () => msg`Carteira de ${name}`,
    gift_card: () => msg`Gift card`,
    gateway_clearing: () => {
      const gateway = gatewayName(name, translate);
      return msg`Meio de pagamento: ${gateway}`;
    },
    platform_fees: () => msg`Taxas da plataforma`,
  };
  return translate(names[line.kind]());
}

/** A ledger entry's amount with its direction: money in (+) or out (−) of that account. */
export const ledgerAmount = (cents: number, format: (cents: number) => string): string =>
  cents < 0 ? `−${format(-cents)}` : `+${format(cents)}`;
