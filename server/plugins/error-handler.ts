import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ApiError } from '../../contracts/errors';
import { messages as m, type MessageDescriptor } from '../../contracts/messages';
import { isDataException, sqlStateOf } from '../db/errors';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import { HttpError } from '../http/http-error';
import { suspectInputFields } from '../http/suspect-input';

/**
 * Every error answers { message, code } (docs/design.md §5). Zod issue messages are message ids,
 * translated here; a value the database refused is a 400 "Dados inválidos" logged at warn with the fields
 * that look responsible; anything unexpected is logged and answered as 500 "Erro desconhecido.".
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 400 of this route's schema also lists each refused field (`fields`), for forms that highlight them. */
    fieldErrors?: boolean;
  }
}

/** How HTTP says each kind of domain error. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  gone: 410,
  unavailable: 503,
  limited: 429,
};

export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError || error instanceof DomainError) {
        // A list stays a list (validation), a single message stays a string.
        const message = Array.isArray(error.messages)
          ? error.messages.map((d) => request.t(d))
          : request.t(error.messages as MessageDescriptor);
        const body: ApiError = { ...(error instanceof DomainError ? error.details : undefined), message, code: error.code };
        return reply.status(error instanceof DomainError ? STATUS_OF[error.kind] : error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        // One message per field, the first one zod found ("required" rather than also "invalid"); issues whose
        // message is not one of our ids (e.g. a body that is not an object) read "Dados inválidos".
        const firstPerField = new Map<string, string>();
        for (const issue of error.validation) {
          if (firstPerField.has(issue.instancePath)) continue;
          firstPerField.set(
            issue.instancePath,
            request.t(issue.message && request.server.translator.has(issue.message) ? issue.message : m.invalidBody),
          );
        }
        const body: ApiError = { message: [...new Set(firstPerField.values())], code: errorCodes.validation };
        // A form that highlights each refused field needs to know which ones (e.g. the checkout).
        if (request.routeOptions.config?.fieldErrors) {
          body.fields = [...firstPerField].map(([path, message]) => ({ field: path.split('/').filter(Boolean).join('.'), message }));
        }
        return reply.status(400).send(body);
      }
      if (error.statusCode === 429) {
        return reply.status(429).send({ message: request.t(m.rateLimited), code: errorCodes.rateLimited } satisfies ApiError);
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own client errors: malformed JSON, unsupported media type, body too large...
        request.log.info({ err: error }, 'client error');
        return reply.status(error.statusCode).send({ message: request.t(m.invalidBody), code: errorCodes.validation } satisfies ApiError);
      }
      if (isDataException(error)) {
        // The database refused a value of the request (a NUL byte, an out-of-range number...): the schema
        // let it through, which is the bug the log line points at. Field names only: values may be secrets,
        // and PostgreSQL's message may quote the value, so it is not logged either.
        request.log.warn(
          {
            sqlState: sqlStateOf(error),
            method: request.method,
            route: request.routeOptions.url,
            fields: suspectInputFields({ body: request.body, query: request.query, params: request.params }),
          },
          'database refused a value of the request',
        );
        return reply.status(400).send({ message: request.t(m.invalidBody), code: errorCodes.validation } satisfies ApiError);
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ message: request.t(m.unknownError), code: errorCodes.internal } satisfies ApiError);
    });
  },
  { name: 'semear-error-handler', dependencies: ['semear-i18n'] },
);
