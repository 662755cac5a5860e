import { randomUUID } from 'node:crypto';
import { mercadoPagoManifest, mercadoPagoSignatureHex } from '../../../../server/services/payments/mercadopago/webhook-signature';

/** Signs a notification as Mercado Pago does: `ts=<seconds>,v1=<HMAC-SHA256 of the manifest>`. */
export function signMercadoPagoNotification(input: { secret: string; dataId: string; requestId: string; ts: string | number }): string {
  const ts = String(input.ts);
  return `ts=${ts},v1=${mercadoPagoSignatureHex(input.secret, mercadoPagoManifest({ dataId: input.dataId, requestId: input.requestId, ts }))}`;
}

export interface SendWebhookOptions {
  secret: string;
  /** Our webhook route, e.g. http://127.0.0.1:3171/api/v1/payments/webhooks/mercadopago. */
  url: string;
  /** Sign for this payment but name another one in `data.id` (a tampered notification). */
  tamper?: boolean;
  /** Sign with a `ts` ten minutes old. */
  staleTs?: boolean;
  action?: 'payment.created' | 'payment.updated';
}

export interface SentWebhook {
  status: number;
  body: string;
  requestId: string;
  url: string;
}

/** Posts the documented notification: query `data.id` & `type=payment`, JSON body, x-signature and x-request-id. */
export async function sendMercadoPagoWebhook(paymentId: string, now: Date, options: SendWebhookOptions): Promise<SentWebhook> {
  const requestId = randomUUID();
  const tsS = Math.floor(now.getTime() / 1000) - (options.staleTs ? 600 : 0);
  const signature = signMercadoPagoNotification({ secret: options.secret, dataId: paymentId, requestId, ts: tsS });
  const namedId = options.tamper ? String(Number(paymentId) + 1) : paymentId;
  const url = new URL(options.url);
  url.searchParams.set('data.id', namedId);
  url.searchParams.set('type', 'payment');
  const body = JSON.stringify({
    action: options.action ?? 'payment.updated',
    api_version: 'v1',
    data: { id: namedId },
    date_created: now.toISOString(),
    id: Math.floor(Math.random() * 1e12),
    live_mode: false,
    type: 'payment',
    user_id: '123456789',
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
    body,
  });
  return { status: response.status, body: await response.text(), requestId, url: url.toString() };
}
