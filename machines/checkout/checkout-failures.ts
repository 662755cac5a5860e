import { errorCodes } from '../../contracts';
import type { CheckoutFailure, FieldIssue } from './checkout-types';

/** What an actor's rejection tells us, read defensively (the machine does not know the HTTP client). */
export function failureOf(error: unknown, fallback: string = errorCodes.paymentFailed): CheckoutFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; messages?: unknown; fields?: unknown };
  const fields = Array.isArray(e.fields)
    ? e.fields.filter(
        (f): f is FieldIssue => typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
      )
    : [];
  return {
    code: typeof e.code === 'string' ? e.code : fallback,
    messages: Array.isArray(e.messages) ? e.messages.filter((m): m is string => typeof m === 'string') : [],
    ...(fields.length > 0 ? { fields } : {}),
  };
}

/** A submission that never reached the server (status 0) and may be retried with the same key. */
export function retryKeyOf(error: unknown): string | null {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; idempotencyKey?: unknown };
  return e.status === 0 && typeof e.idempotencyKey === 'string' ? e.idempotencyKey : null;
}
