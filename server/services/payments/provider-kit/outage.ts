import { errorCodes } from '../../../../contracts/errors';
import { givingMessages as gm } from '../../../../contracts/giving-messages';
import { unavailable } from '../../../domain/errors';
import { isRetryableProviderError } from './retryable';

/**
 * A provider down, slow or answering 5xx while a payment is created: the donor reads "try again in a
 * moment" (503, payment.provider_unavailable). The payment stays open under its key, so the retry (or
 * reconciliation) asks the provider for the same payment with the same idempotency key, never a second.
 */
export async function outageAsUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isRetryableProviderError(error)) throw unavailable(errorCodes.paymentProviderUnavailable, gm.paymentProviderUnavailable);
    throw error;
  }
}
