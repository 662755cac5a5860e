import { errorCodes } from '../../contracts';
import { rejectionField, rejectionStatus } from '../../contracts/rejection';
import type { CheckoutFailure, FieldIssue } from './checkout-types';

/** What an actor's rejection tells us, read defensively (the machine does not know the HTTP client). */
export function failureOf(error: unknown, fallback: string = errorCodes.paymentFailed): CheckoutFailure {
  const code = rejectionField(error, 'code');
  const said = rejectionField(error, 'messages');
  const refused = rejectionField(error, 'fields');
  const fields = Array.isArray(refused)
    ? refused.filter(
        (f): f is FieldIssue => typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
      )
    : [];
  return {
    code: typeof code === 'string' ? code : fallback,
    messages: Array.isArray(said) ? said.filter((m): m is string => typeof m === 'string') : [],
    ...(fields.length > 0 ? { fields } : {}),
  };
}

/** A submission that never reached the server (status 0) and may be retried with the same key. */
export function retryKeyOf(error: unknown): string | null {
  const key = rejectionField(error, 'idempotencyKey');
  return rejectionStatus(error) === 0 && typeof key === 'string' ? key : null;
}
