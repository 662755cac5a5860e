import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { paypalId } from './api-error';
import type { PaypalLedger } from './ledger';
import { TRANSMISSION } from './request-schemas';

/**
 * Webhooks as PayPal sends them: a JSON event with PAYPAL-TRANSMISSION-ID/-TIME/-SIG, PAYPAL-AUTH-ALGO
 * and PAYPAL-CERT-URL headers. The signature is SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>` (PayPal's scheme),
 * with a key made at start; /v1/notifications/verify-webhook-signature checks it the same way, so it
 * answers SUCCESS only for a transmission the stand-in signed, for that webhook id and that body.
 */

export type StandInWebhookEvent =
  | { type: 'CHECKOUT.ORDER.APPROVED'; orderId: string }
  | { type: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.PENDING' | 'PAYMENT.CAPTURE.DENIED'; captureId: string }
  | { type: 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED'; refundId: string };

export interface SendWebhookOptions {
  url: string;
  webhookId: string;
  /** Sign with a key the stand-in never published: headers that look right and verify as FAILURE. */
  forge?: boolean;
}

export interface WebhookDelivery {
  /** What the receiver answered. */
  status: number;
  /** What was sent, for tests that replay or tamper with it. */
  headers: Record<string, string>;
  body: string;
}

export const AUTH_ALGO = 'SHA256withRSA';
const CERT_PATH = '/v1/notifications/certs/CERT-360caa42-fca2a594-stand-in';

const signedText = (transmissionId: string, time: string, webhookId: string, body: string) =>
  `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;

export function createWebhookSender(ledger: PaypalLedger, baseUrl: () => string) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgerKey: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  function eventBody(event: StandInWebhookEvent): Record<string, unknown> {
    const common = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      event_type: event.type,
    };
    if (event.type === 'CHECKOUT.ORDER.APPROVED') {
      const order = ledger.order(event.orderId);
      return {
        ...common,
        resource_type: 'checkout-order',
        resource_version: '2.0',
        summary: 'An order has been approved by buyer',
        resource: ledger.orderJson(order),
      };
    }
    if ('captureId' in event) {
      const capture = ledger.capture(event.captureId);
      return {
        ...common,
        resource_type: 'capture',
        resource_version: '2.0',
        summary: `Payment ${capture.status.toLowerCase()}`,
        resource: ledger.captureJson(capture),
      };
    }
    const refund = ledger.refund(event.refundId);
    return {
      ...common,
      resource_type: 'refund',
      resource_version: '2.0',
      summary: `A ${refund.kind} was made`,
      resource: ledger.refundJson(refund),
    };
  }

  return {
    certPath: CERT_PATH,
    publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),

    async send(event: StandInWebhookEvent, options: SendWebhookOptions): Promise<WebhookDelivery> {
      const body = JSON.stringify(eventBody(event));
      const time = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      // The spec's transmission_sig pattern wants a word character first, which a base64 signature lacks
      // one time in 32 ('+', '/'): a transmission the verification would refuse as malformed is drawn again.
      let transmissionId: string;
      let signature: string;
      do {
        transmissionId = randomUUID();
        signature = sign(
          'sha256',
          Buffer.from(signedText(transmissionId, time, options.webhookId, body)),
          options.forge ? forgerKey : keys.privateKey,
        ).toString('base64');
      } while (!TRANSMISSION.test(signature));
      const headers = {
        'content-type': 'application/json',
        'paypal-auth-algo': AUTH_ALGO,
        'paypal-cert-url': `${baseUrl()}${CERT_PATH}`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      };
      const response = await fetch(options.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return { status: response.status, headers, body };
    },

    /** POST /v1/notifications/verify-webhook-signature, its request already checked against `verify_webhook_signature`. */
    verify(request: Record<string, unknown>): { verification_status: 'SUCCESS' | 'FAILURE' } {
      // The event as received, unknown fields and all: its bytes are what was signed.
      const event = request.webhook_event;
      type Field = 'auth_algo' | 'cert_url' | 'transmission_id' | 'transmission_sig' | 'transmission_time' | 'webhook_id';
      const get = (field: Field) => request[field] as string;
      const genuine =
        get('auth_algo') === AUTH_ALGO &&
        get('cert_url') === `${baseUrl()}${CERT_PATH}` &&
        verify(
          'sha256',
          Buffer.from(signedText(get('transmission_id'), get('transmission_time'), get('webhook_id'), JSON.stringify(event))),
          keys.publicKey,
          Buffer.from(get('transmission_sig'), 'base64'),
        );
      return { verification_status: genuine ? 'SUCCESS' : 'FAILURE' };
    },
  };
}
