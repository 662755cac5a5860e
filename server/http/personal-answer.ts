import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { answerBody } from './encoded-answer';
import { matchesEtag } from './public-answer';
import type { PublicAnswer } from './public-cache';

/**
 * A read's body as its route's response schema writes it (as fastify-type-provider-zod's serializer
 * would), kept as text so an answer kept in memory is never serialised again.
 */
export function personalJson<S extends z.ZodMiniType>(
  schema: S,
  value: z.input<S>,
  total?: number,
): { body: string; headers: Record<string, string> } {
  return {
    body: JSON.stringify(z.encode(schema, value as z.output<S>)),
    headers: total === undefined ? {} : { 'x-total-count': String(total) },
  };
}

/**
 * Sends a signed-in person's own answer as it was kept: `no-store` (the authentication plugin's rule for
 * anyone signed in), its validator (304 when the client's copy is current) and, when the client accepts
 * it, the compressed bytes made once per kept answer (encoded-answer.ts). Offered to the signed-in door
 * (personal-door.ts), which sends the same bytes to the same token's next request of the kind.
 */
export function sendPersonalAnswer(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer): FastifyReply {
  reply.header('cache-control', 'no-store');
  reply.header('etag', answer.etag);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    request.personalAnswer = { answer, body: '' };
    return reply.code(304).send();
  }
  const { body, encoding } = answerBody(request, answer);
  request.personalAnswer = { answer, body };
  if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  return reply.type('application/json; charset=utf-8').send(body);
}
