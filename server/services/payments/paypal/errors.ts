import type { JsonAnswer, ProviderErrors } from '../provider-kit/json-http';
import { isRetryableStatus } from '../provider-kit/retryable';
import { paypalErrorBodySchema } from './schemas';

/** One entry of PayPal's error `details`: the `issue` is the stable, documented code (ORDER_NOT_APPROVED…). */
export interface PaypalErrorDetail {
  issue: string;
  description?: string;
  field?: string;
  location?: string;
}

/**
 * PayPal answered with an error status. `paypalName` is PayPal's `name` (UNPROCESSABLE_ENTITY,
 * INVALID_REQUEST, RESOURCE_NOT_FOUND, or the OAuth `error` such as invalid_client), `issues` the
 * `details[].issue` codes, `debugId` what PayPal support asks for.
 */
export class PaypalError extends Error {
  override name = 'PaypalError';
  readonly issues: readonly string[];

  constructor(
    readonly status: number,
    readonly paypalName: string,
    message: string,
    readonly details: readonly PaypalErrorDetail[] = [],
    readonly debugId: string | null = null,
  ) {
    super(`PayPal ${status} ${paypalName}: ${message}${debugId ? ` (debug_id ${debugId})` : ''}`);
    this.issues = details.map((detail) => detail.issue);
  }

  hasIssue(issue: string): boolean {
    return this.issues.includes(issue);
  }

  /** A 5xx or 429: the same call with the same PayPal-Request-Id may be tried again. */
  get retryable(): boolean {
    return isRetryableStatus(this.status);
  }
}

/**
 * No answer from PayPal: the connection failed, or no answer came within the timeout. The request
 * may or may not have been carried out, so it is retried with the same PayPal-Request-Id, never a new one.
 */
export class PaypalNetworkError extends Error {
  override name = 'PaypalNetworkError';
  readonly retryable = true;

  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether retrying the call (with the same request id) may help. */
export function isRetryablePaypalError(error: unknown): boolean {
  return (error instanceof PaypalError || error instanceof PaypalNetworkError) && error.retryable;
}

/** PayPal's error body (`name`, `message`, `details`, `debug_id`, or OAuth's `error`); a text that is not JSON keeps its start. */
export function paypalApiError({ status, json, text }: JsonAnswer): PaypalError {
  const parsed = paypalErrorBodySchema.safeParse(json === undefined ? { name: 'NON_JSON_RESPONSE', message: text.slice(0, 200) } : json);
  const body = parsed.success ? parsed.data : {};
  return new PaypalError(
    status,
    body.name ?? body.error ?? `HTTP_${status}`,
    body.message ?? body.error_description ?? 'no message',
    body.details ?? [],
    body.debug_id ?? null,
  );
}

/** How the shared client's failures read as PayPal's (provider-kit/json-http.ts). */
export const paypalErrors: ProviderErrors = {
  noAnswer: ({ label }, kind, timeoutMs, cause) =>
    new PaypalNetworkError(kind, `PayPal ${label}: ${kind === 'timeout' ? `no answer within ${timeoutMs} ms` : 'connection failed'}`, {
      cause,
    }),
  refused: (_call, answer) => paypalApiError(answer),
  malformed: ({ label }, answer, detail) => new PaypalError(answer.status, 'UNEXPECTED_RESPONSE', `${label} ${detail}`),
};
