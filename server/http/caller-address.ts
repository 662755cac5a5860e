import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Keeps the caller's address as it was when the request came in. Fastify reads `request.ip` from the
 * socket on every access, and once the client has gone (a page left while its request still ran) the
 * socket has none: an admin's read then failed its audit entry (`actor_ip` is required) with a 500.
 * Read once here, first of all hooks, it stays for every later reader (rate limits, sessions, audit).
 */
export function keepCallerAddress(request: FastifyRequest, _reply: unknown, done: HookHandlerDoneFunction): void {
  Object.defineProperty(request, 'ip', { value: request.ip ?? '', enumerable: true });
  done();
}
