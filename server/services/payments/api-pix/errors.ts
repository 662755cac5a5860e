import { z } from 'zod';
import type { ProviderErrors } from '../provider-kit/json-http';
import { isRetryableFailure } from '../provider-kit/retryable';

/**
 * The API Pix answers errors as RFC 7807 problem+json: `{ type, title, status, detail, violacoes: [{ razao,
 * propriedade, valor }] }`, `type` one of the spec's names (…/cob/CobOperacaoInvalida, …/PixDevolucaoNaoEncontrada).
 * Lenient parse: a bank that answers something else still gives an error with its HTTP status.
 */
const problemSchema = z.object({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().nullish(),
  detail: z.string().nullish(),
  violacoes: z.array(z.object({ razao: z.string().nullish(), propriedade: z.string().nullish(), valor: z.unknown().optional() })).nullish(),
});

/**
 * - `api`: the bank answered an error status (`status`, `problemType` from its problem+json).
 * - `tls`: the TLS handshake failed (client certificate refused, or the bank's not trusted).
 * - `network` / `timeout`: no answer; the same txid or refund id makes a retry safe.
 * - `malformed`: a 2xx answer that is not the spec's shape.
 */
export type ApiPixErrorKind = 'api' | 'tls' | 'network' | 'timeout' | 'malformed';

export class ApiPixError extends Error {
  override readonly name = 'ApiPixError';
  constructor(
    readonly kind: ApiPixErrorKind,
    message: string,
    readonly details: { status?: number; problemType?: string | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
  get status(): number | null {
    return this.details.status ?? null;
  }
  /** The last segment of the problem's `type` (CobNaoEncontrado, PixDevolucaoNaoEncontrada…). */
  get problem(): string | null {
    return this.details.problemType?.split('/').pop() ?? null;
  }
  /** No answer, a 5xx or a 429: worth another try with the same txid or refund id. */
  get retryable(): boolean {
    return isRetryableFailure(this.kind, this.status);
  }
}

export const isApiPixError = (error: unknown): error is ApiPixError => error instanceof ApiPixError;

/** One line for the admins' logs: what was asked, what the bank said and, for a refused body, which fields. */
export function apiPixApiError(status: number, body: unknown, where: string): ApiPixError {
  const parsed = problemSchema.safeParse(body);
  const problem = parsed.success ? parsed.data : {};
  const said = problem.detail ?? problem.title ?? `HTTP ${status}`;
  const fields = (problem.violacoes ?? []).map((v) => [v.propriedade, v.razao].filter(Boolean).join(': ')).filter((text) => text !== '');
  const hint =
    status === 401 || status === 403 ? ' (check PIX_API_CLIENT_ID, PIX_API_CLIENT_SECRET and the scopes granted at the bank)' : '';
  return new ApiPixError(
    'api',
    `API Pix ${where} answered ${status}: ${said}${fields.length > 0 ? ` [${fields.join('; ')}]` : ''}${hint}`,
    { status, problemType: problem.type ?? null },
  );
}

/** TLS errors whose cause is the certificate: the message names the variables to check. */
const TLS_CODES = /CERT|SSL|TLS|EPROTO|ECONNRESET|handshake|certificate/i;

export function apiPixTransportError(error: unknown, where: string, timeoutMs: number, kind: 'timeout' | 'network'): ApiPixError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const text = error instanceof Error ? error.message : String(error);
  if (kind === 'timeout') return new ApiPixError('timeout', `API Pix ${where} gave no answer within ${timeoutMs} ms`, { cause: error });
  if (TLS_CODES.test(code) || TLS_CODES.test(text))
    return new ApiPixError(
      'tls',
      `API Pix ${where}: the TLS connection failed (${code || text}); check the client certificate the bank issued ` +
        '(PIX_API_CERT and PIX_API_CERT_KEY, or PIX_API_PFX) and, for a homologation environment, PIX_API_CA',
      { cause: error },
    );
  return new ApiPixError('network', `API Pix ${where} could not be reached: ${code || text}`, { cause: error });
}

/** How the shared client's failures read as the API Pix's (provider-kit/json-http.ts). */
export const apiPixErrors: ProviderErrors = {
  noAnswer: ({ label }, kind, timeoutMs, cause) => apiPixTransportError(cause, label, timeoutMs, kind),
  refused: ({ label }, answer) => apiPixApiError(answer.status, answer.json ?? null, label),
  malformed: ({ label }, _answer, detail, cause) => new ApiPixError('malformed', `API Pix ${label} ${detail}`, { cause }),
};
