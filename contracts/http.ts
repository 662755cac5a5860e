import { z } from 'zod';

/** A 204 answer: no body (declared so the API document says so). */
export const noContentSchema = z.null().describe('No content');

/** GET /health (liveness): the process answers requests. It asks nothing of the database: that is /ready's. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /ready (readiness): 200 when this node should get traffic, 503 with the check that failed: the
 * database does not answer, a migration is not applied yet, or the node is shutting down (draining).
 */
export const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  /** 'unknown' while the database does not answer. */
  migrations: z.enum(['applied', 'pending', 'unknown']),
  shutting_down: z.boolean(),
});
export type Ready = z.infer<typeof readySchema>;

/** The media types of the files the API answers with, by file extension. */
export const FILE_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  zip: 'application/zip',
} as const;
export type FileExtension = keyof typeof FILE_MEDIA_TYPES;

const FILE_DESCRIPTION = 'The file itself (Content-Type and Content-Disposition say what it is)';

/**
 * A file answered as its bytes, not JSON. Its media type is the one of the URL's extension
 * (/export.csv, /cards.pdf): the API document (server/plugins/openapi.ts) says so for each route.
 */
export const fileAnswerSchema = z.unknown().describe(FILE_DESCRIPTION);

/** A file answer whose URL has no extension: the kinds of file it may be. */
export const fileAnswerOf = (...extensions: readonly FileExtension[]) =>
  z.unknown().meta({ description: FILE_DESCRIPTION, fileExtensions: extensions });
