import { z } from 'zod';

/**
 * GET …/attempts/{key} (donations, gift-card orders): the Idempotency-Key a client sent with a
 * payment-creating call. Only a UUID is looked up: the key stands in for a receipt token, so it must be
 * as hard to guess (our client makes one per attempt with crypto.randomUUID()).
 */
export const attemptParams = z.object({ key: z.string().uuid() });

/** The 202 of an attempt still being worked on (its answer comes on a later look). */
export const attemptInProgressSchema = z.object({ status: z.literal('in_progress') });
