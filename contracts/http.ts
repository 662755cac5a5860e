import { z } from 'zod';

/** A 204 answer: no body (declared so the API document says so). */
export const noContentSchema = z.null().describe('No content');

/** GET /health: 200 when the database answers, 503 (degraded) when it does not. */
export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unreachable']) });
export type Health = z.infer<typeof healthSchema>;

/** A file answered as its bytes (e.g. application/pdf), not JSON: its type and name are the route's. */
export const fileAnswerSchema = z.unknown().describe('The file itself (Content-Type and Content-Disposition say what it is)');
