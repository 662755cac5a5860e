import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerBody } from './encoded-answer';
import type { PublicAnswer } from './public-cache';

/**
 * The same for everyone, so a CDN may keep it briefly (s-maxage) and serve it while it asks again
 * (stale-while-revalidate); browsers keep it but ask again before each use (max-age=0), answered by a
 * 304 when nothing changed, so a donor sees their gift on the next read.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
/** A request that carries credentials is answered for that caller alone: never kept by a shared cache. */
export const PERSONAL_CACHE_CONTROL = 'private, no-cache';

/** Whether `If-None-Match` names this validator (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * Sends a public answer with its validator and caching headers: `304 Not Modified` when the client's
 * copy is current. `vary` names the request headers the body depends on (Accept-Language for
 * translated names, Cookie for the home page's language).
 */
export function sendPublicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  { type, vary }: { type: string; vary: string | null },
): FastifyReply {
  const personal = request.headers.authorization !== undefined || request.headers.cookie?.includes('refresh') === true;
  reply.header('cache-control', personal ? PERSONAL_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  reply.header('etag', answer.etag);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    if (vary) reply.header('vary', vary);
    request.publicAnswer = { answer, body: '' };
    return reply.code(304).send();
  }
  // Compressed here, once per kept answer; the compression plugin leaves an encoded body alone.
  const { body, encoding } = answerBody(request, answer);
  request.publicAnswer = { answer, body };
  if (encoding) reply.header('content-encoding', encoding);
  const varies = [vary, encoding && 'accept-encoding'].filter(Boolean).join(', ');
  if (varies) reply.header('vary', varies);
  return reply.type(type).send(body);
}
