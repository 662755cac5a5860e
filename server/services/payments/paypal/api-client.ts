import type { z } from 'zod';
import { createJsonHttp, fetchTransport } from '../provider-kit/json-http';
import { createTokenCache, withBearerToken } from '../provider-kit/token-cache';
import { PaypalError, paypalApiError, paypalErrors } from './errors';
import { centsToPaypalValue } from './money';
import { paypalCaptureSchema, paypalOrderSchema, paypalRefundSchema, paypalTokenSchema, paypalVerificationSchema } from './schemas';
import { captureView, orderView, PAYPAL_CURRENCY, refundView, type PaypalCapture, type PaypalOrder, type PaypalRefund } from './views';
import { webhookTransmission } from './webhook-event';

/**
 * A small typed client over PayPal's documented REST API (no SDK: the base URL must be ours to set,
 * for the stand-in, a proxy or PayPal's own sandbox). Calls that move money carry a PayPal-Request-Id,
 * so the caller retries a failed or timed-out call with the same id and PayPal answers the first result.
 */

export const DEFAULT_PAYPAL_TIMEOUT_MS = 15_000;

export interface PaypalClientOptions {
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a stand-in. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
  /** Milliseconds since the epoch; the token cache's clock. */
  now?: () => number;
}

export interface CreatePaypalOrderInput {
  /** Our payment id: purchase_units[0].reference_id and custom_id, so webhooks and look-ups lead back to it. */
  paymentId: string;
  amountCents: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** The name PayPal shows the donor (the NGO's). */
  brandName?: string;
  /** PayPal's locale for its pages, e.g. 'pt-BR'. */
  locale?: string;
}

export interface PaypalClient {
  createOrder(input: CreatePaypalOrderInput, requestId: string): Promise<PaypalOrder>;
  getOrder(orderId: string): Promise<PaypalOrder>;
  /** Captures an approved order; an unapproved one throws PaypalError with issue ORDER_NOT_APPROVED. */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder>;
  getCapture(captureId: string): Promise<PaypalCapture>;
  /** Refunds `amountCents` of a capture, or what is left of it when undefined. */
  refundCapture(captureId: string, amountCents: number | undefined, requestId: string): Promise<PaypalRefund>;
  getRefund(refundId: string): Promise<PaypalRefund>;
  /** Asks PayPal whether a webhook is genuine; false for missing headers or a body that is not a JSON object. */
  verifyWebhookSignature(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer | string,
    webhookId: string,
  ): Promise<boolean>;
}

interface CallOptions<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  schema: S;
  /** A JSON text (not an object: the webhook verification embeds the raw body byte for byte). */
  body?: string;
  requestId?: string;
}

const segment = (id: string) => encodeURIComponent(id);

export function createPaypalClient(options: PaypalClientOptions): PaypalClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PAYPAL_TIMEOUT_MS;
  const basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  const http = createJsonHttp({ baseUrl: options.baseUrl, timeoutMs, transport: fetchTransport(options.fetchFn), errors: paypalErrors });

  const tokens = createTokenCache(async () => {
    const where = { method: 'POST', path: '/v1/oauth2/token', label: 'POST /v1/oauth2/token' };
    const headers = { Authorization: basicAuth, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
    const answer = await http.send({ ...where, headers, body: 'grant_type=client_credentials' });
    if (answer.status !== 200) throw paypalApiError(answer);
    const token = http.read(where, answer, paypalTokenSchema);
    return { accessToken: token.access_token, expiresInS: token.expires_in };
  }, options.now ?? Date.now);

  async function call<S extends z.ZodType>({ method, path, schema, body, requestId }: CallOptions<S>): Promise<z.output<S>> {
    const where = { method, path, label: `${method} ${path}` };
    const answer = await withBearerToken(tokens, (token) => {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        Prefer: 'return=representation',
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (requestId !== undefined) headers['PayPal-Request-Id'] = requestId;
      return http.send({ ...where, headers, body });
    });
    return http.read(where, answer, schema);
  }

  return {
    async createOrder(input, requestId) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new RangeError(`amountCents must be > 0, got ${input.amountCents}`);
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.paymentId,
            custom_id: input.paymentId,
            ...optionalText('description', input.description),
            amount: { currency_code: PAYPAL_CURRENCY, value: centsToPaypalValue(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              // brand_name's pattern is ^.*$: one line.
              ...optionalText('brand_name', input.brandName?.replace(/[\r\n\u2028\u2029]+/g, ' ')),
              ...(input.locale ? { locale: input.locale } : {}),
            },
          },
        },
      };
      return orderView(
        await call({ method: 'POST', path: '/v2/checkout/orders', schema: paypalOrderSchema, body: JSON.stringify(body), requestId }),
      );
    },
    async getOrder(orderId) {
      return orderView(await call({ method: 'GET', path: `/v2/checkout/orders/${segment(orderId)}`, schema: paypalOrderSchema }));
    },
    async captureOrder(orderId, requestId) {
      const path = `/v2/checkout/orders/${segment(orderId)}/capture`;
      return orderView(await call({ method: 'POST', path, schema: paypalOrderSchema, body: '{}', requestId }));
    },
    async getCapture(captureId) {
      return captureView(await call({ method: 'GET', path: `/v2/payments/captures/${segment(captureId)}`, schema: paypalCaptureSchema }));
    },
    async refundCapture(captureId, amountCents, requestId) {
      const body = amountCents === undefined ? {} : { amount: { currency_code: PAYPAL_CURRENCY, value: centsToPaypalValue(amountCents) } };
      const path = `/v2/payments/captures/${segment(captureId)}/refund`;
      return refundView(await call({ method: 'POST', path, schema: paypalRefundSchema, body: JSON.stringify(body), requestId }));
    },
    async getRefund(refundId) {
      return refundView(await call({ method: 'GET', path: `/v2/payments/refunds/${segment(refundId)}`, schema: paypalRefundSchema }));
    },
    async verifyWebhookSignature(headers, rawBody, webhookId) {
      const transmission = webhookTransmission(headers);
      const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
      if (!transmission || !isJsonObject(text)) return false;
      // The event goes back exactly as received: re-serialising it could change the bytes PayPal signed.
      const fields = JSON.stringify({ ...transmission, webhook_id: webhookId });
      const body = `${fields.slice(0, -1)},"webhook_event":${text}}`;
      try {
        const answer = await call({
          method: 'POST',
          path: '/v1/notifications/verify-webhook-signature',
          schema: paypalVerificationSchema,
          body,
        });
        return answer.verification_status === 'SUCCESS';
      } catch (error) {
        if (malformedTransmission(error)) return false;
        throw error;
      }
    },
  };
}

/** PayPal's limit on description and brand_name (1 to 127 characters). */
const TEXT_LIMIT = 127;

/**
 * `{ [field]: text }` cut to PayPal's limit on a character boundary (never half of an emoji's surrogate
 * pair, and within the limit whether PayPal counts UTF-16 units or characters), or nothing for an
 * empty text: PayPal refuses an empty one (minLength 1).
 */
function optionalText(field: string, text: string | undefined): Record<string, string> {
  let cut = '';
  for (const character of text ?? '') {
    if (cut.length + character.length > TEXT_LIMIT) break;
    cut += character;
  }
  return cut ? { [field]: cut } : {};
}

const TRANSMISSION_FIELDS = ['/auth_algo', '/cert_url', '/transmission_id', '/transmission_sig', '/transmission_time'];

/**
 * PayPal's 400 on a verification whose transmission headers or event break its schema (a time that is
 * no date-time, a signature of the wrong shape): what a notification PayPal never signed looks like, so
 * not genuine. A fault in anything else (our webhook id) is ours, and stays an error.
 */
function malformedTransmission(error: unknown): boolean {
  if (!(error instanceof PaypalError) || error.status !== 400 || error.details.length === 0) return false;
  return error.details.every(
    ({ field = '' }) => TRANSMISSION_FIELDS.includes(field) || field === '/webhook_event' || field.startsWith('/webhook_event/'),
  );
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
