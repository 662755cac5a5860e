import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../contracts/constants';
import { errorCodes } from '../../contracts/errors';
import { givingMessages as gm } from '../../contracts/giving-messages';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { createIdempotency, readAttempt, requestHash, type IdempotentCall } from '../services/idempotency/idempotency';
import { HttpError } from './http-error';

/** The caller's Idempotency-Key, or 400: every payment-creating call needs one. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = typeof value === 'string' ? value.trim() : '';
  if (key.length < 8 || key.length > 255) throw new HttpError(400, errorCodes.idempotencyKeyRequired, gm.idempotencyKeyRequired);
  return key;
}

export interface IdempotentWork extends Omit<IdempotentCall, 'key' | 'requestHash'> {
  /** What makes two calls the same request (the body, and e.g. the campaign of the path). */
  request: unknown;
}

/**
 * The one way a route answers a payment-creating call (donations, subscriptions, gift-card orders):
 * the key from the header, the work done once per scope and key, a replay answered with the stored
 * answer and `idempotent-replayed: true`.
 */
export function createIdempotentAnswer(deps: { db: Database; clock: Clock; leaseMs: number; log: FastifyBaseLogger }) {
  const idempotency = createIdempotency({
    db: deps.db,
    clock: deps.clock,
    leaseMs: deps.leaseMs,
    onError: (error) => deps.log.error({ err: error }, 'idempotency lease renewal failed'),
  });
  return async function answerOnce(request: FastifyRequest, reply: FastifyReply, work: IdempotentWork) {
    const { request: sameRequest, ...call } = work;
    const outcome = await idempotency.run({ ...call, key: idempotencyKeyOf(request), requestHash: requestHash(sameRequest) });
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(outcome.status).send(outcome.body);
  };
}

/** How long a client waits before asking again about an attempt still in progress. */
const ATTEMPT_RETRY_AFTER_S = 1;

/**
 * GET …/attempts/{key}: what became of a payment-creating call whose answer the caller never got (a
 * lost connection, a reload, a closed tab). The kept answer as the call itself would replay it (same
 * status and body, `idempotent-replayed: true`), 202 while it is still being worked on, 404 when no
 * request with the key arrived (nothing charged). Only the scope the call was made in (the same donor,
 * or guests) is searched; the key is the caller's own UUID, as unguessable as a receipt token.
 */
export async function answerAttempt(db: Database, reply: FastifyReply, scope: string, key: string) {
  const found = await readAttempt(db, scope, key);
  if (found === null) throw new HttpError(404, errorCodes.idempotencyAttemptUnknown, gm.idempotencyAttemptUnknown);
  if (found === 'in_progress')
    return reply.status(202).header('retry-after', String(ATTEMPT_RETRY_AFTER_S)).send({ status: 'in_progress' });
  return reply.status(found.status).header('idempotent-replayed', 'true').send(found.body);
}
