import { CEP_TIMEOUT_MS, CepProviderError, type HttpCepLookupOptions } from './cep-lookup';

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body of a 2xx answer; undefined for other statuses (their body is not read). */
  body: unknown;
}

/**
 * GETs a provider URL with a timeout. Network failures, timeouts, 5xx and unreadable 2xx bodies
 * become CepProviderError; other statuses are returned for the adapter to interpret.
 */
export async function getProviderJson(provider: string, url: string, options: HttpCepLookupOptions): Promise<ProviderAnswer> {
  const timeoutMs = options.timeoutMs ?? CEP_TIMEOUT_MS;
  const fetchFn = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new CepProviderError(provider, describeFailure(error, timeoutMs), { cause: error });
  }
  if (response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    throw new CepProviderError(provider, `answered ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, body: undefined };
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch (error) {
    throw new CepProviderError(provider, `unreadable answer (${describeFailure(error, timeoutMs)})`, { cause: error });
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  return error instanceof Error ? error.message : String(error);
}
