import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, type PaypalApi } from './api-error';
import { approvedPage, approvePage, withQuery } from './approve-page';
import { PaypalLedger } from './ledger';
import {
  checkBody,
  checkParameters,
  orderCaptureRequest,
  orderRequest,
  ORDERS_HEADERS,
  refundRequest,
  verifyWebhookSignatureRequest,
} from './request-schemas';
import { createWebhookSender, type SendWebhookOptions, type StandInWebhookEvent, type WebhookDelivery } from './webhooks';

/**
 * A stand-in for PayPal's REST API (OAuth2, Orders v2, Payments v2 captures and refunds, webhook
 * verification) over real HTTP on 127.0.0.1, for tests only. It checks what it receives as PayPal
 * does: Basic credentials for tokens, the bearer on every call, every request against what PayPal's
 * OpenAPI documents for it (request-schemas.ts: required fields, formats, patterns, lengths, enums;
 * 400 INVALID_REQUEST with a detail per field), BRL amounts with at most two decimals (422); a
 * PayPal-Request-Id on every call that moves money (same id, same answer); and it can be told to fail
 * the next call.
 */

export type FailNext =
  /** Answer this status (PayPal's error body) without doing anything. */
  | { status: 500 | 503 }
  /** Do the work, then hold the answer this long: the caller times out and must retry with the same id. */
  | { timeoutMs: number }
  /** Answer 422 UNPROCESSABLE_ENTITY with this documented issue (INSTRUMENT_DECLINED…), doing nothing. */
  | { status: 422; issue: string; description?: string };

export interface LoggedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface PaypalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  /** expires_in of issued tokens (PayPal's are about 9 hours). */
  tokenLifetimeS?: number;
}

export interface PaypalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  ledger: PaypalLedger;
  requests: LoggedRequest[];
  /** Every token issued so far stops working: the next API call answers 401. */
  expireTokens(): void;
  /** How many tokens were issued (the token cache's test). */
  readonly tokensIssued: number;
  failNext(failure: FailNext): void;
  /** The donor approves the order, as the approve page's button does. */
  approve(orderId: string): void;
  /** A chargeback takes back what is left of the capture; answers the reversal's id (a PAYMENT.CAPTURE.REVERSED resource). */
  reverse(captureId: string): string;
  sendWebhook(event: StandInWebhookEvent, options: SendWebhookOptions): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

/** Creates whose answer is stored under (method, path, PayPal-Request-Id) and replayed. */
const IDEMPOTENT = [/^\/v2\/checkout\/orders$/, /^\/v2\/checkout\/orders\/[^/]+\/capture$/, /^\/v2\/payments\/captures\/[^/]+\/refund$/];

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json', ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The API whose reference an error links to. */
function apiOf(path: string): PaypalApi {
  if (path.startsWith('/v2/payments/')) return 'payments/v2';
  if (path.startsWith('/v1/notifications/')) return 'webhooks/v1';
  return 'orders/v2';
}

/** A path segment as sent (the client percent-encodes ids). */
function segmentOf(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    return raw ?? '';
  }
}

function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ApiError(400, { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.', location: 'body' });
}

export async function startPaypalStandIn(options: PaypalStandInOptions = {}): Promise<PaypalStandIn> {
  const clientId = options.clientId ?? 'stand-in-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
  let url = '';
  const ledger = new PaypalLedger(() => url);
  const webhooks = createWebhookSender(ledger, () => url);
  const tokens = new Map<string, number>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: LoggedRequest[] = [];
  let tokensIssued = 0;
  let failure: FailNext | null = null;

  function issueToken(req: IncomingMessage, body: string) {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' } };
    }
    const lifetimeS = options.tokenLifetimeS ?? 32_400;
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, Date.now() + lifetimeS * 1000);
    tokensIssued++;
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: lifetimeS,
        nonce: randomBytes(8).toString('hex'),
      },
    };
  }

  function authorised(req: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  /** The API proper: checks the request against its operation's schema, then answers { status, body } or throws ApiError. */
  function api(req: IncomingMessage, method: string, path: string, body: string): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      checkParameters(req.headers, ORDERS_HEADERS);
      const request = jsonObject(body);
      checkBody(orderRequest, request);
      return { status: 201, body: ledger.orderJson(ledger.createOrder(request)) };
    }
    if (method === 'GET' && (match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path))) {
      const id = segmentOf(match[1]);
      checkParameters(req.headers, [], id);
      return { status: 200, body: ledger.orderJson(ledger.order(id)) };
    }
    if (method === 'POST' && (match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path))) {
      const id = segmentOf(match[1]);
      checkParameters(req.headers, ORDERS_HEADERS, id);
      checkBody(orderCaptureRequest, jsonObject(body));
      return { status: 201, body: ledger.orderJson(ledger.captureOrder(id)) };
    }
    if (method === 'GET' && (match = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path)))
      return { status: 200, body: ledger.captureJson(ledger.capture(segmentOf(match[1]))) };
    if (method === 'POST' && (match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) {
      const request = jsonObject(body);
      checkBody(refundRequest, request);
      return { status: 201, body: ledger.refundJson(ledger.refundCapture(segmentOf(match[1]), request)) };
    }
    if (method === 'GET' && (match = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path)))
      return { status: 200, body: ledger.refundJson(ledger.refund(segmentOf(match[1]))) };
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const request = jsonObject(body);
      checkBody(verifyWebhookSignatureRequest, request);
      return { status: 200, body: webhooks.verify(request) };
    }
    throw new ApiError(404, { issue: 'INVALID_RESOURCE_ID', description: `No such endpoint: ${method} ${path}` });
  }

  /** Runs an API call with idempotency; answers what to send. */
  function apiCall(req: IncomingMessage, method: string, path: string, body: string): { status: number; body: unknown } {
    const idempotent = method === 'POST' && IDEMPOTENT.some((pattern) => pattern.test(path));
    const requestId = req.headers['paypal-request-id'];
    if (idempotent && (typeof requestId !== 'string' || requestId === '')) {
      // PayPal's own rule: an order created with a payment_source needs the header.
      if (path === '/v2/checkout/orders' && /"payment_source"\s*:/.test(body)) {
        throw new ApiError(400, {
          issue: 'PAYPAL_REQUEST_ID_REQUIRED',
          description:
            "A PayPal-Request-Id is required if you are trying to process payment for an Order. Please specify a PayPal-Request-Id or Create the Order without a 'payment_source' specified.",
          field: 'PayPal-Request-Id',
        });
      }
      // Stricter than PayPal (which takes the other creates without it): our adapter must never move money without one.
      throw new ApiError(400, {
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: "The stand-in requires a PayPal-Request-Id on every call that moves money (our rule, not PayPal's).",
        field: 'PayPal-Request-Id',
      });
    }
    const key = idempotent ? `${method} ${path} ${requestId as string}` : null;
    const stored = key ? replies.get(key) : undefined;
    if (stored) return stored;
    let reply: { status: number; body: unknown };
    try {
      reply = api(req, method, path, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      reply = { status: error.status, body: error.body(apiOf(path)) };
    }
    // PayPal keeps the answer for the id, errors of business validation (422) included; not a request it
    // refused as malformed (400), nor 5xx.
    if (key && (reply.status < 400 || reply.status === 422)) replies.set(key, reply);
    return reply;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const target = new URL(req.url ?? '/', 'http://stand-in');
    const path = target.pathname;
    const body = await readBody(req);
    requests.push({ method, path: `${path}${target.search}`, headers: { ...req.headers }, body });

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const reply = issueToken(req, body);
      return send(res, reply.status, reply.body);
    }
    if (method === 'GET' && path === webhooks.certPath)
      return send(res, 200, webhooks.publicKeyPem, { 'content-type': 'application/x-pem-file' });
    if (path === '/checkoutnow' || path === '/checkoutnow/approve') {
      const order = ledger.orders.get(target.searchParams.get('token') ?? '');
      if (!order) return send(res, 404, '<!doctype html><p>Pedido não encontrado.</p>');
      const waiting = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
      if (method === 'GET' || !waiting) return send(res, 200, approvePage(order));
      ledger.approve(order.id);
      if (!order.returnUrl) return send(res, 200, approvedPage(order));
      res.writeHead(303, { location: withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' }) }).end();
      return;
    }

    if (!authorised(req)) return send(res, 401, new ApiError(401).body(apiOf(path)));
    const pending = failure;
    failure = null;
    if (pending && 'status' in pending) {
      const error =
        pending.status === 422
          ? new ApiError(422, { issue: pending.issue, description: pending.description ?? pending.issue })
          : new ApiError(pending.status);
      return send(res, error.status, error.body(apiOf(path)));
    }
    let reply: { status: number; body: unknown };
    try {
      reply = apiCall(req, method, path, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      reply = { status: error.status, body: error.body(apiOf(path)) };
    }
    if (pending) await new Promise((resolve) => setTimeout(resolve, pending.timeoutMs).unref());
    if (!res.destroyed) send(res, reply.status, reply.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    ledger,
    requests,
    get tokensIssued() {
      return tokensIssued;
    },
    expireTokens: () => tokens.clear(),
    failNext(next) {
      failure = next;
    },
    approve: (orderId) => void ledger.approve(orderId),
    reverse: (captureId) => ledger.reverse(captureId).id,
    sendWebhook: (event, sendOptions) => webhooks.send(event, sendOptions),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
