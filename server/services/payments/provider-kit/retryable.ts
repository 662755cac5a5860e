/**
 * The one rule for "worth asking again with the same idempotency key", whatever the provider: no answer
 * (the call may have happened, and the key makes the retry answer the first result), a 5xx or a 429.
 * Any other answer would be given again, so it is not retried.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/** How a call to a provider failed, in the terms the rule needs. */
export type CallFailureKind = 'api' | 'network' | 'timeout' | 'tls' | 'malformed';

export function isRetryableFailure(kind: CallFailureKind, status: number | null): boolean {
  if (kind === 'network' || kind === 'timeout') return true;
  return kind === 'api' && status !== null && isRetryableStatus(status);
}

/** Every provider's error says whether it is retryable; anything else (our own bug) is not. */
export function isRetryableProviderError(error: unknown): boolean {
  return error instanceof Error && 'retryable' in error && error.retryable === true;
}
