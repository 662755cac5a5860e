import type { CepLookupResult } from '../../../contracts/address-lookup';

/** A CEP answer: 8-digit zip code, the UF, and whatever address parts the source knows ('' otherwise). */
export type CepResult = CepLookupResult;

/** Looks up a Brazilian postal code. Resolves null for a CEP that does not exist (or is malformed). */
export interface CepLookup {
  lookup(cep: string): Promise<CepResult | null>;
}

/**
 * The CEP service could not answer (unreachable, too slow, 5xx, an answer we cannot read). Distinct
 * from "not found" so the API answers 503 and the form lets the user type the address instead.
 */
export class CepProviderError extends Error {
  override name = 'CepProviderError';
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
  }
}

/** Settings of the networked adapters; tests pass a local server and a short timeout. */
export interface HttpCepLookupOptions {
  /** Base URL without the trailing slash; defaults to the provider's public address. */
  baseUrl?: string | null;
  /** Abort the whole request (headers and body) after this long. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export const CEP_TIMEOUT_MS = 3000;
