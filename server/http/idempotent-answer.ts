import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../contracts/constants';
import { errorCodes } from '../../contracts/errors';
import { givingMessages as gm } from '../../contracts/giving-messages';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { createIdempotency, requestHash, type IdempotentCall } from '../services/idempotency/idempotency';
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
