import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserSdkScript } from './browser-sdk';
import { cardRoutes } from './cards';
import { CORS_HEADERS, header, mpError, readBody, writeAnswer, type RouteTable, type StandInAnswer, type StandInRequest } from './http';
import { paymentRoutes } from './payments';
import { paymentJson, StandInState, type StandInPayment } from './state';
import { sendMercadoPagoWebhook, type SendWebhookOptions, type SentWebhook } from './webhooks';

/**
 * A stand-in for Mercado Pago's API, for tests only: a real HTTP server on 127.0.0.1 (port 0) that
 * speaks the documented endpoints, checks what it receives, keeps state in memory, signs webhooks,
 * and can be told to fail. docs/payments.md, "Mercado Pago", lists what it does.
 */

export interface MercadoPagoStandInOptions {
  accessToken: string;
  publicKey?: string;
  /** The receiving key in the PIX BR Codes it makes. */
  pixKey?: string;
  /** Fees in basis points of the amount (default: card 4.98 %, PIX 0.99 %). */
  feeBasisPoints?: { credit_card: number; bank_transfer: number };
  now?: () => Date;
}

/** What the next matching request gets instead of its answer. */
export type StandInFailure =
  | { status: number; cause?: Array<{ code: string | number; description: string }>; message?: string; path?: string }
  /** The request is carried out, then its answer held back this long (the caller times out first). */
  | { timeoutMs: number; path?: string };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface MercadoPagoStandInControl {
  readonly requests: RecordedRequest[];
  failNext(failure: StandInFailure): void;
  /** A pending PIX is paid, or an in_process card payment is approved. */
  approve(paymentId: string): void;
  /** An unpaid PIX runs out: cancelled, status_detail `expired`. */
  expire(paymentId: string): void;
  chargeback(paymentId: string): void;
  /** The payment as GET /v1/payments/{id} answers it. */
  payment(paymentId: string): ReturnType<typeof paymentJson>;
  /** Every payment made with this external reference (one per charge). */
  paymentsFor(externalReference: string): Array<ReturnType<typeof paymentJson>>;
  sendWebhook(paymentId: string, options: SendWebhookOptions): Promise<SentWebhook>;
  close(): Promise<void>;
}

export interface MercadoPagoStandIn {
  url: string;
  publicKey: string;
  control: MercadoPagoStandInControl;
}

export async function startMercadoPagoStandIn(options: MercadoPagoStandInOptions): Promise<MercadoPagoStandIn> {
  const now = options.now ?? (() => new Date());
  const publicKey = options.publicKey ?? 'TEST-stand-in-public-key';
  const state = new StandInState(now, options.feeBasisPoints ?? { credit_card: 498, bank_transfer: 99 });
  const requests: RecordedRequest[] = [];
  const failures: StandInFailure[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let url = '';

  const authorised = (request: StandInRequest) => header(request, 'authorization') === `Bearer ${options.accessToken}`;
  const publicPaths = new Set(['/v1/card_tokens', '/v1/payment_methods/search']);
  const routes: RouteTable[] = [
    ...paymentRoutes(state, { pixKey: options.pixKey ?? 'doacoes@semear.org.br', baseUrl: () => url }),
    ...cardRoutes(state, publicKey, authorised),
  ];

  async function dispatch(request: StandInRequest): Promise<StandInAnswer> {
    if (request.method === 'GET' && request.path === '/js/v2')
      return { status: 200, body: browserSdkScript(url), contentType: 'text/javascript; charset=utf-8' };
    const ticket = request.method === 'GET' ? /^\/payments\/(\d+)\/ticket$/.exec(request.path) : null;
    if (ticket) {
      const payment = state.payments.get(ticket[1] as string);
      // The page the donor may open to pay a PIX: its "copia e cola" code, nothing else.
      return payment?.pix
        ? {
            status: 200,
            body: `<!doctype html><title>PIX</title><pre>${payment.pix.qrCode}</pre>`,
            contentType: 'text/html; charset=utf-8',
          }
        : mpError(404, 'not_found', 'Payment not found');
    }
    const isPublic = publicPaths.has(request.path) || request.path.startsWith('/v1/card_tokens/');
    if (!isPublic && !authorised(request))
      return mpError(401, 'unauthorized', 'invalid access token', [{ code: 401, description: 'invalid access token' }]);
    for (const { method, pattern, route } of routes) {
      const match = method === request.method ? pattern.exec(request.path) : null;
      if (match) return route(request, match.slice(1));
    }
    return mpError(404, 'not_found', `no route for ${request.method} ${request.path}`);
  }

  const server = createServer(async (incoming, response) => {
    const parsedUrl = new URL(incoming.url ?? '/', 'http://stand-in');
    if (incoming.method === 'OPTIONS') return writeAnswer(response, { status: 204, body: undefined }, CORS_HEADERS);
    const text = await readBody(incoming);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return writeAnswer(
        response,
        mpError(400, 'bad_request', 'Invalid JSON body', [{ code: 1, description: 'Params Error' }]),
        CORS_HEADERS,
      );
    }
    const request: StandInRequest = {
      method: incoming.method ?? 'GET',
      path: parsedUrl.pathname,
      query: parsedUrl.searchParams,
      headers: incoming.headers,
      body,
    };
    if (request.path !== '/js/v2')
      requests.push({ method: request.method, path: request.path, query: request.query, headers: request.headers, body });

    const at = failures.findIndex((failure) => request.path !== '/js/v2' && (failure.path === undefined || failure.path === request.path));
    const failure = at >= 0 ? failures.splice(at, 1)[0] : undefined;
    if (failure && 'status' in failure) {
      const error = failure.status >= 500 ? 'internal_server_error' : 'bad_request';
      return writeAnswer(
        response,
        mpError(failure.status, error, failure.message ?? failure.cause?.[0]?.description ?? error, failure.cause ?? []),
        CORS_HEADERS,
      );
    }
    const answer = await dispatch(request).catch((error: unknown) => mpError(500, 'internal_server_error', String(error)));
    if (failure && 'timeoutMs' in failure) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) writeAnswer(response, answer, CORS_HEADERS);
      }, failure.timeoutMs);
      timers.add(timer);
      return;
    }
    writeAnswer(response, answer, CORS_HEADERS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (paymentId: string): StandInPayment => {
    const payment = state.payments.get(paymentId);
    if (!payment) throw new Error(`The Mercado Pago stand-in has no payment ${paymentId}`);
    return payment;
  };
  const move = (paymentId: string, from: string[], status: string, statusDetail: string) => {
    const payment = find(paymentId);
    if (!from.includes(payment.status)) throw new Error(`Payment ${paymentId} is ${payment.status}, not ${from.join(' or ')}`);
    payment.status = status;
    payment.statusDetail = statusDetail;
    payment.updatedAt = now();
  };

  const control: MercadoPagoStandInControl = {
    requests,
    failNext: (failure) => void failures.push(failure),
    approve: (paymentId) => {
      const payment = find(paymentId);
      if (payment.status !== 'pending' && payment.status !== 'in_process')
        throw new Error(`Payment ${paymentId} is ${payment.status}; only pending or in_process can be approved`);
      state.approve(payment);
    },
    expire: (paymentId) => move(paymentId, ['pending'], 'cancelled', 'expired'),
    chargeback: (paymentId) => move(paymentId, ['approved'], 'charged_back', 'settled'),
    payment: (paymentId) => paymentJson(find(paymentId)),
    paymentsFor: (reference) => [...state.payments.values()].filter((payment) => payment.externalReference === reference).map(paymentJson),
    sendWebhook: (paymentId, webhook) => sendMercadoPagoWebhook(paymentId, now(), webhook),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return { url, publicKey, control };
}

/** The variables that give cards and PIX to Mercado Pago at this stand-in (docs/payments.md), for an app or a server process. */
export function mercadoPagoEnv(
  mp: MercadoPagoStandIn,
  credentials: { accessToken: string; webhookSecret: string },
): Record<string, string> {
  return {
    PAYMENT_CARD_PROVIDER: 'mercadopago',
    PAYMENT_PIX_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: credentials.accessToken,
    MERCADOPAGO_PUBLIC_KEY: mp.publicKey,
    MERCADOPAGO_WEBHOOK_SECRET: credentials.webhookSecret,
    MERCADOPAGO_API_URL: mp.url,
    MERCADOPAGO_SDK_URL: `${mp.url}/js/v2`,
  };
}
