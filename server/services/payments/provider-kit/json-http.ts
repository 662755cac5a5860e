import type { z } from 'zod';

/** One HTTP exchange as a provider's transport sees it: fetch for most, node:https with a client certificate for a bank. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}
export interface HttpAnswer {
  status: number;
  text: string;
}
export type Transport = (request: HttpRequest) => Promise<HttpAnswer>;

/** fetch with the call's timeout; rejects with fetch's own error, which `noAnswerKind` reads. */
export function fetchTransport(fetchFn: typeof fetch = fetch): Transport {
  return async ({ method, url, headers, body, timeoutMs }) => {
    const response = await fetchFn(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  };
}

/** A transport that rejected: no answer within the timeout, or none at all (refused, reset, DNS, TLS). */
export function noAnswerKind(error: unknown): 'timeout' | 'network' {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timeout' : 'network';
}

/** What we asked, for the provider's error messages: `label` is how its logs name the call ("POST /v1/payments"). */
export interface ProviderCall {
  method: string;
  path: string;
  label: string;
}

/** An answer: `json` is undefined when the text is not JSON, null when it is empty. */
export interface JsonAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * How a provider names what went wrong, in its own error class (its codes mapped to ours stay in its folder):
 * no answer, an error status, or a 2xx we cannot read.
 */
export interface ProviderErrors {
  noAnswer(call: ProviderCall, kind: 'timeout' | 'network', timeoutMs: number, cause: unknown): Error;
  refused(call: ProviderCall, answer: JsonAnswer): Error;
  malformed(call: ProviderCall, answer: JsonAnswer, detail: string, cause?: unknown): Error;
}

export interface JsonHttp {
  /** Sends one request; throws only the provider's `noAnswer`. */
  send(call: ProviderCall & { headers: Record<string, string>; body?: string; url?: string }): Promise<JsonAnswer>;
  /** A 2xx answer read with `schema`; any other status is the provider's `refused`, an unreadable body its `malformed`. */
  read<S extends z.ZodType>(call: ProviderCall, answer: JsonAnswer, schema: S): z.output<S>;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function jsonOf(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The plumbing every provider's client shares: base URL, timeout per call, JSON in and out, and the three ways
 * a call fails, each mapped by the provider to its own error.
 */
export function createJsonHttp(options: { baseUrl: string; timeoutMs: number; transport: Transport; errors: ProviderErrors }): JsonHttp {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { timeoutMs, transport, errors } = options;
  return {
    async send({ url, headers, body, ...call }) {
      let answer: HttpAnswer;
      try {
        answer = await transport({ method: call.method, url: url ?? `${baseUrl}${call.path}`, headers, body, timeoutMs });
      } catch (error) {
        throw errors.noAnswer(call, noAnswerKind(error), timeoutMs, error);
      }
      return { ...answer, json: jsonOf(answer.text) };
    },
    read(call, answer, schema) {
      if (!isSuccess(answer.status)) throw errors.refused(call, answer);
      if (answer.json === undefined) throw errors.malformed(call, answer, `answered ${answer.status} with no JSON`);
      const parsed = schema.safeParse(answer.json);
      if (!parsed.success) throw errors.malformed(call, answer, `answered an unexpected shape: ${parsed.error.message}`, parsed.error);
      return parsed.data;
    },
  };
}
