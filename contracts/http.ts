import { z } from 'zod';

/** A 204 answer: no body (declared so the API document says so). */
export const noContentSchema = z.null().describe('No content');

/** GET /health: 200 when the database answers, 503 (degraded) when it does not. */
export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unreachable']) });
export type Health = z.infer<typeof healthSchema>;

/** The media types of the files the API answers with, by file extension. */
export const FILE_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
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
