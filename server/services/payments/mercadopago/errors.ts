import { z } from 'zod';
import type { ProviderErrors } from '../provider-kit/json-http';
import { isRetryableFailure } from '../provider-kit/retryable';

/**
 * Mercado Pago's error body: `{ message, error, status, cause: [{ code, description }] }`. The docs
 * and real answers vary (a cause object instead of a list, numeric codes, `message` instead of
 * `description`), so the parse is lenient and everything lands as strings.
 */
const causeSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  description: z.string().nullish(),
  message: z.string().nullish(),
});
export const mercadoPagoErrorBodySchema = z.object({
  message: z.string().nullish(),
  error: z.string().nullish(),
  status: z.union([z.string(), z.number()]).nullish(),
  cause: z.union([z.array(causeSchema), causeSchema]).nullish(),
});

export interface MercadoPagoCause {
  code: string;
  description: string;
}

/**
 * What went wrong with a call:
 * - `api`: Mercado Pago answered with an error status; `status`, `causes` and `message` are its own.
 * - `network`: no answer (refused, reset, DNS). Retry with the same idempotency key.
 * - `timeout`: no answer within `timeoutMs`. The call may have happened: retry with the same key.
 * - `malformed`: a 2xx answer we could not read (not JSON, or not the documented shape).
 */
export type MercadoPagoErrorKind = 'api' | 'network' | 'timeout' | 'malformed';

export class MercadoPagoError extends Error {
  override readonly name = 'MercadoPagoError';
  constructor(
    readonly kind: MercadoPagoErrorKind,
    message: string,
    readonly details: {
      status?: number | null;
      /** The provider's short error name ('bad_request', 'not_found', 'unauthorized'). */
      error?: string | null;
      causes?: MercadoPagoCause[];
      method?: string;
      path?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get status(): number | null {
    return this.details.status ?? null;
  }
  get error(): string | null {
    return this.details.error ?? null;
  }
  get causes(): MercadoPagoCause[] {
    return this.details.causes ?? [];
  }
  get causeCodes(): string[] {
    return this.causes.map((cause) => cause.code);
  }
  /** Worth trying again with the same idempotency key: no answer, a 5xx or a 429. A 4xx will answer the same. */
  get retryable(): boolean {
    return isRetryableFailure(this.kind, this.status);
  }
  hasCause(code: string): boolean {
    return this.causeCodes.includes(code);
  }
}

export const isMercadoPagoError = (error: unknown): error is MercadoPagoError => error instanceof MercadoPagoError;

/** Reads an error answer; a body that is not MP's shape still gives an error with the HTTP status. */
export function mercadoPagoApiError(status: number, body: unknown, where: { method: string; path: string }): MercadoPagoError {
  const parsed = mercadoPagoErrorBodySchema.safeParse(body);
  const data = parsed.success ? parsed.data : {};
  const rawCauses = data.cause == null ? [] : Array.isArray(data.cause) ? data.cause : [data.cause];
  const causes = rawCauses.map((cause) => ({ code: cause.code, description: cause.description ?? cause.message ?? '' }));
  const message = data.message ?? causes[0]?.description ?? `HTTP ${status}`;
  return new MercadoPagoError('api', `Mercado Pago ${where.method} ${where.path} answered ${status}: ${message}`, {
    status,
    error: data.error ?? null,
    causes,
    ...where,
  });
}

/** How the shared client's failures read as Mercado Pago's (provider-kit/json-http.ts). */
export const mercadoPagoErrors: ProviderErrors = {
  noAnswer: ({ method, path, label }, kind, timeoutMs, cause) =>
    new MercadoPagoError(
      kind,
      kind === 'timeout'
        ? `Mercado Pago ${label} gave no answer within ${timeoutMs} ms`
        : `Mercado Pago ${label} could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
      { method, path, cause },
    ),
  refused: ({ method, path }, answer) => mercadoPagoApiError(answer.status, answer.json ?? null, { method, path }),
  malformed: ({ method, path, label }, answer, detail, cause) =>
    new MercadoPagoError('malformed', `Mercado Pago ${label} ${detail}`, { status: answer.status, method, path, cause }),
};

/**
 * Cause codes the Payments, Refunds and Card Token APIs document, for callers that decide by them.
 * (POST /v1/payments: 2006, 2062, 4037; refunds: 2000, 2063, 4040, 4041, 4292, 3024; auth: 401.)
 */
export const MP_CAUSE = {
  unauthorized: '401',
  paymentNotFound: '2000',
  cardTokenNotFound: '2006',
  invalidCardToken: '2062',
  actionNotValidForPaymentState: '2063',
  partialRefundUnsupported: '3024',
  invalidTransactionAmount: '4037',
  amountMustBePositive: '4040',
  amountMustBeNumeric: '4041',
  idempotencyKeyRequired: '4292',
  paymentTooOldToRefund: '2024',
  paymentTooOldToRefundAlt: '15016',
} as const;
