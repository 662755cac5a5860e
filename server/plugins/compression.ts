import compress from '@fastify/compress';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_OPTIONS, COMPRESS_ENCODINGS, COMPRESS_MIN_BYTES, GZIP_OPTIONS } from '../http/compression-settings';

/**
 * Text and JSON (beyond these, mime-db's `compressible` decides: images, woff2 and archives are
 * compressed already). Unlike @fastify/compress's default, not application/octet-stream.
 */
const compressibleTypes = /^(?:text\/(?!event-stream)|application\/(?:javascript|json|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)(?:;|$)/u;

/**
 * Files from disk are never compressed per request: the built app's text files carry .br/.gz
 * variants made at build time (vite.precompress.ts), which @fastify/static picks, and uploads are
 * images. Their stream bodies would otherwise be compressed whatever their size.
 */
const servesFiles = (route: RouteOptions): boolean =>
  route.url.startsWith('/uploads/') || (route.config as { rootPath?: unknown } | undefined)?.rootPath !== undefined;

/**
 * On-the-fly brotli or gzip for dynamic answers (JSON and the HTML of web routes) of at least
 * COMPRESS_MIN_BYTES, brotli preferred; identity when the client accepts neither. Brotli runs at
 * quality 4: near gzip's CPU cost with smaller bodies (11 would cost tens of ms per answer).
 * The realtime WebSocket is never compressed (its upgrade sends no reply body).
 */
export const compressionPlugin = fp(
  async (app) => {
    // Before @fastify/compress's own onRoute hook, which reads `compress`.
    app.addHook('onRoute', (route) => {
      if (route.compress === undefined && ((route as { websocket?: boolean }).websocket || servesFiles(route))) route.compress = false;
    });
    await app.register(compress, {
      globalCompression: true,
      // Request bodies stay plain JSON: no client sends compressed ones, and inflating them would sidestep bodyLimit.
      globalDecompression: false,
      encodings: COMPRESS_ENCODINGS,
      threshold: COMPRESS_MIN_BYTES,
      customTypes: compressibleTypes,
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });
  },
  { name: 'semear-compression' },
);
