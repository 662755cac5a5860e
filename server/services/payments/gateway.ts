import type { RefundFailureCode } from '../../../contracts/admin-donations';
import type { CardBrand } from '../../../contracts/cards';
import type { PixRecurrences } from './recurrences';

/**
 * What a payment provider does for us (docs/design.md §7), split by capability so an adapter implements
 * only what it takes (docs/payments.md, "The gateway's capabilities"). Every provider has the core: it looks
 * up, refunds and hears of the payments it took. The methods it takes are capabilities, each checked by its
 * guard (capabilities.ts) where the provider comes from a payment row. Every call that moves money takes our
 * idempotency key (the payment id), so retrying after a crash never charges twice.
 */
export interface GatewayCore {
  readonly name: string;

  /**
   * The gateway's current view of a payment we asked for (reconciliation after a crash). `gatewayRef`:
   * the reference recorded on the payment, for providers that find a payment only by theirs (PayPal).
   */
  lookup(idempotencyKey: string, gatewayRef?: string | null): Promise<GatewayPaymentState | null>;
  /** Gives back all or part of a succeeded payment; a refusal comes with the provider's reason. */
  refund(input: { idempotencyKey: string; gatewayRef: string; amountCents: number }): Promise<RefundResult>;

  /**
   * Reads a notification posted to /payments/webhooks/{name}: its signature first (forged or stale: refused),
   * then what it says, read back from the provider where the provider's own documentation says so.
   */
  readWebhook(delivery: WebhookDelivery): Promise<WebhookReading>;
}

/** Cards: one-time browser tokens and saved cards ('my cards', monthly giving). */
export interface CardPayments {
  /** Charges a card token (one-time token from the browser, or a saved-card token). */
  chargeCard(input: {
    idempotencyKey: string;
    amountCents: number;
    cardToken: string;
    description: string;
    payer?: Payer | null;
  }): Promise<CardChargeResult>;
  /**
   * Turns a one-time browser token into a reusable token for a saved card ('my cards'). `customerRef` is
   * our user id; `payer` is who they are, for providers that keep cards under a customer of their own.
   */
  saveCard(input: { cardToken: string; customerRef: string; payer?: Payer | null }): Promise<SavedCardToken>;
  /** Describes a one-time or saved token without charging it (brand, last four, expiry). */
  describeCard(cardToken: string): Promise<SavedCardToken | null>;
  /**
   * Removes a saved card at the provider (its account was deleted, docs/privacy.md): the token charges
   * nothing again. A card the provider no longer knows counts as removed; a failure to reach it throws.
   */
  forgetCard(savedToken: string): Promise<void>;
}

/** PIX charges: a BR Code the donor pays in their bank app. */
export interface PixPayments {
  /** `pixKey`: the receiving key for this charge (the campaign's in force); none: the configured PIX_KEY. */
  createPixCharge(input: {
    idempotencyKey: string;
    amountCents: number;
    description: string;
    expiresAt: Date;
    pixKey?: string;
    payer?: Payer | null;
  }): Promise<PixCharge>;
}

/** Monthly giving by Pix Automático, where the PIX provider offers it (recurrences.ts). */
export interface RecurringPixPayments {
  readonly recurrences: PixRecurrences;
}

/** Payments the donor approves on the provider's own page (PayPal): an order and the address to send them to. */
export interface RedirectPayments {
  createPaypalOrder(input: {
    idempotencyKey: string;
    amountCents: number;
    description: string;
    returnUrl: string;
    cancelUrl: string;
    payer?: Payer | null;
  }): Promise<PaypalOrder>;
}

/** A provider: the core, and whichever capabilities it has (none stubbed). */
export type PaymentGateway = GatewayCore &
  Partial<CardPayments> &
  Partial<PixPayments> &
  Partial<RecurringPixPayments> &
  Partial<RedirectPayments>;

export type CardGateway = PaymentGateway & CardPayments;
export type PixGateway = PaymentGateway & PixPayments;
export type RedirectGateway = PaymentGateway & RedirectPayments;

/**
 * Who pays, for the providers that ask (Mercado Pago wants the payer's e-mail and CPF or CNPJ; its
 * anti-fraud reads them). null: not known (a purchase written before contacts were kept).
 */
export interface Payer {
  email: string;
  name: string;
  document: { type: 'CPF' | 'CNPJ'; number: string } | null;
}

export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
}

/**
 * `forged`: refused (400, nothing written). `noted`: genuine, but nothing to record (a topic we do not
 * follow, or a hint the provider's read-back did not confirm). `unknown_payment`: genuine, about a payment
 * the provider itself does not know (Mercado Pago's read-back answers 404): acknowledged, since asking again
 * would be answered the same, and logged at warn by the route. `event`: apply it to the payment it names.
 */
export type WebhookReading =
  { kind: 'forged' } | { kind: 'noted' } | { kind: 'unknown_payment'; gatewayRef: string } | { kind: 'event'; event: GatewayEvent };

/** The reading of a provider that signs its events itself (the sandbox, a test's fake). */
export function readingOf(event: GatewayEvent | null): WebhookReading {
  return event ? { kind: 'event', event } : { kind: 'forged' };
}

/**
 * `processing`: the provider took the request and decides later (the API Pix's EM_PROCESSAMENTO); the refund
 * stays under way and the refunds job asks again, with the same key, until it answers one of the others.
 */
export type RefundResult =
  | { gatewayRef: string; status: 'succeeded' }
  | { gatewayRef: string; status: 'processing' }
  | { gatewayRef: string | null; status: 'failed'; failureCode: RefundFailureCode };

/**
 * `pending`: the provider is still deciding (Mercado Pago's `in_process`, a payment in review); its
 * webhook or the periodic look-up settles it later. The sandbox never answers it.
 */
export type CardChargeResult =
  /** `feeCents`: what the provider kept of the charge, when it says (as on GatewayPaymentState). */
  | { status: 'succeeded'; gatewayRef: string; brand: CardBrand; last4: string; feeCents?: number }
  | { status: 'pending'; gatewayRef: string; brand: CardBrand | null; last4: string | null }
  | { status: 'failed'; gatewayRef: string | null; failureCode: CardFailureCode; brand: CardBrand | null; last4: string | null };

/**
 * Why a card was refused, each an errorCodes value with its own message (contracts/giving-messages.ts):
 * the first four every gateway can answer; the others tell the donor what to do (check the CVV, call
 * the bank, …) where the provider says so (Mercado Pago's status_detail), or that it takes no such card
 * (`card.not_accepted`: Mercado Pago has no method for the card's BIN).
 */
export const CARD_FAILURE_CODES = [
  'payment.declined',
  'payment.insufficient_funds',
  'card.token_invalid',
  'payment.failed',
  'payment.bad_security_code',
  'payment.card_data_invalid',
  'payment.call_for_authorize',
  'payment.card_disabled',
  'payment.duplicated',
  'card.not_accepted',
] as const;
export type CardFailureCode = (typeof CARD_FAILURE_CODES)[number];
export const isCardFailureCode = (code: string): code is CardFailureCode => (CARD_FAILURE_CODES as readonly string[]).includes(code);

export interface SavedCardToken {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  /**
   * What tells this card apart from others for card-testing counts (docs/payments.md, "Card testing"): the
   * provider's own card fingerprint where it gives one, else the first six digits it reveals; neither is ever
   * the number. Absent: the count falls back to brand, last four and expiry.
   */
  fingerprint?: string | null;
  bin?: string | null;
}

export interface PixCharge {
  gatewayRef: string;
  txid: string;
  brCode: string;
  /** PNG data URL of the QR code. */
  qrCode: string;
  expiresAt: Date;
}

export interface PaypalOrder {
  gatewayRef: string;
  approveUrl: string;
}

export interface GatewayPaymentState {
  gatewayRef: string;
  kind: 'card' | 'pix' | 'paypal';
  status: 'pending' | 'succeeded' | 'failed' | 'expired' | 'refunded';
  amountCents: number;
  failureCode?: CardFailureCode;
  /** What the provider kept of a paid payment as its fee (cents), when it says; none or 0: no fee (the sandbox). */
  feeCents?: number;
  /** A `refunded` that is the donor's bank taking the money back (a chargeback), not a refund we asked for. */
  chargeback?: boolean;
  /**
   * What the payer's bank actually sent, where the provider reports it apart from the charge (the API Pix's
   * `pix[].valor`). Differing from the payment's amount, it settles nothing and the admins are told.
   */
  paidCents?: number;
}

/**
 * Events a gateway announces through the signed webhook. `idempotencyKey` is our payment id, sent
 * with the original request, so we find the payment without trusting anything else in the body.
 */
export type GatewayEvent = {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.expired' | 'payment.refunded';
  idempotencyKey: string;
  gatewayRef: string;
  amountCents: number;
  occurredAt: Date;
  /** As on GatewayPaymentState: the provider's fee on a paid payment, and whether a refund is a chargeback. */
  feeCents?: number;
  chargeback?: boolean;
  paidCents?: number;
};
