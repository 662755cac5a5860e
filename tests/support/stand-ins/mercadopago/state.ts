import { randomBytes, randomInt } from 'node:crypto';
import { centsToReais } from '../../../../server/services/payments/mercadopago/money';

/** What the stand-in remembers, in memory, for as long as it runs. Money is kept in cents. */

export interface StandInCardToken {
  id: string;
  /** Set for a token made from a saved card (server-side, no CVV). */
  cardId: string | null;
  firstSix: string;
  lastFour: string;
  /** What Mercado Pago's BIN service says the card is ('visa', 'master', 'debelo', …); null: no method takes it. */
  paymentMethodId: string | null;
  /** A digest of the number: the same card saved twice is one card. The number itself is never kept. */
  fingerprint: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  identification: { type: string; number: string } | null;
  createdAt: Date;
  dueAt: Date;
  usedBy: string | null;
}

export interface StandInRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  createdAt: Date;
}

export interface StandInPayment {
  id: string;
  status: string;
  statusDetail: string;
  amountCents: number;
  refundedCents: number;
  description: string | null;
  externalReference: string | null;
  paymentMethodId: string;
  paymentTypeId: 'credit_card' | 'bank_transfer';
  payer: Record<string, unknown>;
  metadata: unknown;
  token: StandInCardToken | null;
  pix: { qrCode: string; qrCodeBase64: string; ticketUrl: string } | null;
  feeCents: number;
  createdAt: Date;
  approvedAt: Date | null;
  updatedAt: Date;
  expiresAt: Date | null;
  refunds: StandInRefund[];
}

export interface StandInCustomer {
  id: string;
  email: string;
  firstName: string | null;
  identification: unknown;
  createdAt: Date;
}

export interface StandInCard {
  id: string;
  customerId: string;
  token: StandInCardToken;
  paymentMethodId: string;
  createdAt: Date;
}

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

export class StandInState {
  readonly payments = new Map<string, StandInPayment>();
  readonly customers = new Map<string, StandInCustomer>();
  readonly cards = new Map<string, StandInCard>();
  readonly tokens = new Map<string, StandInCardToken>();
  /** Per endpoint and key: the first answer, and the body it was for. */
  readonly idempotency = new Map<string, IdempotentAnswer>();
  private nextPaymentId = 1_300_000_000 + randomInt(1_000_000);
  private nextRefundId = 2_100_000_000 + randomInt(1_000_000);

  constructor(
    readonly now: () => Date,
    /** Mercado Pago's fee in basis points of the amount, per payment type. */
    readonly feeBasisPoints: { credit_card: number; bank_transfer: number },
  ) {}

  newPaymentId = (): string => String(this.nextPaymentId++);
  newRefundId = (): string => String(this.nextRefundId++);
  newTokenId = (): string => randomBytes(16).toString('hex');
  newCustomerId = (): string => `${randomInt(100_000_000, 999_999_999)}-${randomBytes(8).toString('base64url')}`;
  newCardId = (): string => String(randomInt(1_000_000_000, 9_999_999_999));

  /** Half up, in whole cents. */
  feeFor(amountCents: number, type: StandInPayment['paymentTypeId']): number {
    return Math.floor((amountCents * this.feeBasisPoints[type] + 5_000) / 10_000);
  }

  approve(payment: StandInPayment): void {
    payment.status = 'approved';
    payment.statusDetail = 'accredited';
    payment.feeCents = this.feeFor(payment.amountCents, payment.paymentTypeId);
    payment.approvedAt = this.now();
    payment.updatedAt = payment.approvedAt;
  }
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString().replace('Z', '+00:00'));

export const refundJson = (refund: StandInRefund) => ({
  id: Number(refund.id),
  payment_id: Number(refund.paymentId),
  amount: centsToReais(refund.amountCents),
  source: { id: '1', name: 'Semear stand-in', type: 'collector' },
  date_created: iso(refund.createdAt),
  unique_sequence_number: null,
  refund_mode: 'standard',
  adjustment_amount: 0,
  status: 'approved',
  reason: null,
});

export const tokenJson = (token: StandInCardToken, publicKey: string) => ({
  id: token.id,
  public_key: publicKey,
  card_id: token.cardId,
  first_six_digits: token.firstSix,
  last_four_digits: token.lastFour,
  expiration_month: token.expMonth,
  expiration_year: token.expYear,
  cardholder: { name: token.holderName, identification: token.identification ?? { type: null, number: null } },
  status: token.usedBy === null ? 'active' : 'used',
  date_created: iso(token.createdAt),
  date_last_updated: iso(token.createdAt),
  date_due: iso(token.dueAt),
  luhn_validation: true,
  live_mode: false,
  require_esc: false,
  card_number_length: 16,
  security_code_length: token.cardId === null ? 3 : 0,
});

/** A payment as GET /v1/payments/{id} shows it. */
export function paymentJson(payment: StandInPayment) {
  const net = payment.amountCents - payment.feeCents;
  return {
    id: Number(payment.id),
    date_created: iso(payment.createdAt),
    date_approved: iso(payment.approvedAt),
    date_last_updated: iso(payment.updatedAt),
    date_of_expiration: iso(payment.expiresAt),
    money_release_date: null,
    operation_type: 'regular_payment',
    payment_method_id: payment.paymentMethodId,
    payment_type_id: payment.paymentTypeId,
    status: payment.status,
    status_detail: payment.statusDetail,
    currency_id: 'BRL',
    description: payment.description,
    live_mode: false,
    external_reference: payment.externalReference,
    metadata: payment.metadata ?? {},
    transaction_amount: centsToReais(payment.amountCents),
    transaction_amount_refunded: centsToReais(payment.refundedCents),
    installments: payment.paymentTypeId === 'credit_card' ? 1 : null,
    payer: { ...payment.payer, id: null },
    fee_details: payment.feeCents > 0 ? [{ type: 'mercadopago_fee', amount: centsToReais(payment.feeCents), fee_payer: 'collector' }] : [],
    transaction_details: {
      total_paid_amount: centsToReais(payment.amountCents),
      net_received_amount: payment.approvedAt === null ? 0 : centsToReais(net),
      installment_amount: centsToReais(payment.amountCents),
      overpaid_amount: 0,
    },
    card:
      payment.token === null
        ? {}
        : {
            id: payment.token.cardId,
            first_six_digits: payment.token.firstSix,
            last_four_digits: payment.token.lastFour,
            expiration_month: payment.token.expMonth,
            expiration_year: payment.token.expYear,
            cardholder: { name: payment.token.holderName, identification: payment.token.identification },
          },
    point_of_interaction:
      payment.pix === null
        ? { type: 'UNSPECIFIED' }
        : {
            type: 'OPENPLATFORM',
            transaction_data: { qr_code: payment.pix.qrCode, qr_code_base64: payment.pix.qrCodeBase64, ticket_url: payment.pix.ticketUrl },
          },
    refunds: payment.refunds.map(refundJson),
    captured: true,
    binary_mode: false,
  };
}
