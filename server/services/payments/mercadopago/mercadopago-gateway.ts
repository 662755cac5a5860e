import { isUuid } from '../../../db/uuid';
import type { Clock } from '../../clock';
import type {
  CardGateway,
  GatewayEvent,
  GatewayPaymentState,
  Payer,
  PixCharge,
  PixGateway,
  RefundResult,
  WebhookReading,
} from '../gateway';
import { isValidPixBrCode, parsePixBrCode } from '../pix/br-code';
import { pixQrImage } from '../pix/qr-image';
import { outageAsUnavailable } from '../provider-kit/outage';
import { createMercadoPagoClient, type MercadoPagoClient } from './api-client';
import {
  chargeMercadoPagoCard,
  describeMercadoPagoCard,
  forgetMercadoPagoCard,
  rememberingPaymentMethods,
  saveMercadoPagoCard,
} from './cards';
import { isMercadoPagoError } from './errors';
import type { MercadoPagoPayment } from './schemas';
import { mercadoPagoOutcome, refundFailureForError } from './status';
import { verifyMercadoPagoNotification } from './webhook-signature';

export const MERCADOPAGO = 'mercadopago';

export interface MercadoPagoGatewayOptions {
  apiUrl: string;
  accessToken: string;
  webhookSecret: string;
  clock: Clock;
  fetchFn?: typeof fetch;
}

/**
 * Mercado Pago behind PaymentGateway (docs/payments.md, "Mercado Pago"). It takes cards (cards.ts) and
 * PIX: a PIX is a payment with method `pix` whose QR and "copia e cola" Mercado Pago returns. Every payment carries our
 * payment id as `external_reference` and as `X-Idempotency-Key`, so a retry after a crash finds or
 * repeats the same payment, never a second one. Its notifications are hints: the payment is read back
 * before anything is recorded.
 */
export function createMercadoPagoGateway(options: MercadoPagoGatewayOptions): CardGateway & PixGateway {
  const api = rememberingPaymentMethods(
    createMercadoPagoClient({ baseUrl: options.apiUrl, accessToken: options.accessToken, fetchFn: options.fetchFn }),
    () => options.clock.now(),
  );

  return {
    name: MERCADOPAGO,

    chargeCard: ({ payer, ...input }) => outageAsUnavailable(() => chargeMercadoPagoCard(api, { ...input, payer: payerOf(payer) })),
    describeCard: (cardToken) => outageAsUnavailable(() => describeMercadoPagoCard(api, cardToken)),
    saveCard: ({ cardToken, customerRef, payer }) => {
      // Mercado Pago keeps cards under a customer, found by the donor's e-mail.
      if (!payer) throw new Error('a Mercado Pago saved card needs its holder');
      return saveMercadoPagoCard(api, { cardToken, customerRef, payer });
    },
    forgetCard: (savedToken) => outageAsUnavailable(() => forgetMercadoPagoCard(api, savedToken)),

    async createPixCharge({ idempotencyKey, amountCents, description, expiresAt, payer }): Promise<PixCharge> {
      const payment = await outageAsUnavailable(() =>
        api.createPayment(
          {
            amountCents,
            description,
            paymentMethodId: 'pix',
            payer: payerOf(payer),
            externalReference: idempotencyKey,
            expiresAt,
          },
          idempotencyKey,
        ),
      );
      const brCode = payment.pix?.qrCode;
      if (!brCode) throw new Error(`Mercado Pago answered PIX payment ${payment.id} without its QR code`);
      const valid = isValidPixBrCode(brCode);
      const txid = valid ? parsePixBrCode(brCode).txid : null;
      const image = payment.pix?.qrCodeBase64;
      if (!valid && !image) throw new Error(`Mercado Pago answered PIX payment ${payment.id} with a QR code that is not a BR Code`);
      return {
        gatewayRef: payment.id,
        // A dynamic BR Code's txid is '***' (the charge lives at its location): the payment id names it then.
        txid: txid && txid !== '***' ? txid : payment.id,
        brCode,
        // Drawn by us from the BR Code, like the sandbox's; Mercado Pago's own image only if ours cannot be.
        qrCode: valid ? await pixQrImage(brCode) : `data:image/png;base64,${image}`,
        expiresAt: payment.expiresAt ?? expiresAt,
      };
    },

    async lookup(idempotencyKey): Promise<GatewayPaymentState | null> {
      const [payment] = await api.searchPayments(idempotencyKey);
      return payment ? stateOf(payment) : null;
    },

    async refund({ idempotencyKey, gatewayRef, amountCents }): Promise<RefundResult> {
      try {
        const refund = await api.createRefund(gatewayRef, amountCents, idempotencyKey);
        return { gatewayRef: refund.id, status: 'succeeded' };
      } catch (error) {
        if (!isMercadoPagoError(error) || error.retryable) throw error;
        const payment = await api.getPayment(gatewayRef).catch(() => null);
        const refundable = payment ? payment.amountCents - payment.refundedCents : undefined;
        const failureCode =
          refundFailureForError(
            error,
            refundable === undefined ? undefined : { requestedCents: amountCents, refundableCents: refundable },
          ) ?? 'refund.failed';
        return { gatewayRef: null, status: 'failed', failureCode };
      }
    },

    async readWebhook({ rawBody, headers, query }): Promise<WebhookReading> {
      const verified = verifyMercadoPagoNotification(headers, query, { secret: options.webhookSecret, now: options.clock.now() });
      if (!verified) return { kind: 'forged' };
      if (!isPaymentTopic(verified.type, rawBody)) return { kind: 'noted' };
      // The notification only says "look at payment N": what Mercado Pago answers now is what we record.
      const payment = await api.getPayment(verified.paymentId).catch((error: unknown) => {
        // Mercado Pago does not know this payment: a retry of the notification would read the same 404.
        if (isMercadoPagoError(error) && error.kind === 'api' && error.status === 404) return null;
        throw error;
      });
      if (!payment) return { kind: 'unknown_payment', gatewayRef: verified.paymentId };
      const event = eventOf(payment, options.clock.now());
      return event ? { kind: 'event', event } : { kind: 'noted' };
    },
  };
}

/** Mercado Pago down, slow or answering 5xx while the donor waits: 503 to the donor (provider-outage.ts). */

function payerOf(payer: Payer | null | undefined): Parameters<MercadoPagoClient['createPayment']>[0]['payer'] {
  // Mercado Pago requires the payer's e-mail on every payment; our purchases always keep a contact.
  if (!payer) throw new Error('a Mercado Pago payment needs its payer');
  const [firstName, ...rest] = payer.name.trim().split(/\s+/);
  return {
    email: payer.email,
    ...(firstName ? { firstName } : {}),
    ...(rest.length > 0 ? { lastName: rest.join(' ') } : {}),
    ...(payer.document ? { identification: payer.document } : {}),
  };
}

function stateOf(payment: MercadoPagoPayment): GatewayPaymentState {
  const { outcome, failureCode } = mercadoPagoOutcome(payment);
  const status = outcome === 'charged_back' ? 'refunded' : outcome;
  return {
    gatewayRef: payment.id,
    kind: payment.paymentMethodId === 'pix' ? 'pix' : 'card',
    status,
    amountCents: payment.amountCents,
    ...(failureCode ? { failureCode } : {}),
    ...(payment.feeCents > 0 ? { feeCents: payment.feeCents } : {}),
    ...(outcome === 'charged_back' ? { chargeback: true } : {}),
  };
}

const EVENT_OF_STATUS = {
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  expired: 'payment.expired',
  refunded: 'payment.refunded',
  pending: null,
} as const;

/** The event a read-back payment stands for; null while it is still open (a hint of nothing yet). */
function eventOf(payment: MercadoPagoPayment, now: Date): GatewayEvent | null {
  const state = stateOf(payment);
  const type = EVENT_OF_STATUS[state.status];
  if (!type || !payment.externalReference || !isUuid(payment.externalReference)) return null;
  return {
    // One event per payment and outcome: a replayed or repeated notification applies once.
    id: `mercadopago:${payment.id}:${state.chargeback ? 'charged_back' : state.status}`,
    type,
    idempotencyKey: payment.externalReference,
    gatewayRef: payment.id,
    amountCents: payment.amountCents,
    occurredAt: now,
    ...(state.feeCents ? { feeCents: state.feeCents } : {}),
    ...(state.chargeback ? { chargeback: true } : {}),
  };
}

/** Mercado Pago notifies other topics too (merchant orders, chargebacks, …): only payments are read here. */
function isPaymentTopic(type: string | null, rawBody: Buffer): boolean {
  if (type !== null) return type === 'payment';
  try {
    const body: unknown = JSON.parse(rawBody.toString('utf8'));
    return typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'payment';
  } catch {
    return false;
  }
}
