import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Query parameters whose values are secrets (e.g. /reset-password?token=...). */
const SECRET_QUERY_KEY = /token|password|secret|code|key/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEY.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Secrets that may sit in objects we log; bodies are never logged, this is the second fence. */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'password_hash',
  'passwordHash',
  'token',
  'refresh_token',
  'refreshToken',
  'card_number',
  'cvv',
  'exp_date',
  'holder_document',
  'card_token',
  'receipt_token',
  'authorization',
  'cookie',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `body.${f}`, `req.body.${f}`]),
];

/** Pino options for Fastify: JSON lines, secrets censored, URLs without secret query values. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
