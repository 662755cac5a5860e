import type { IncomingHttpHeaders } from 'node:http';
import negotiate from '@fastify/accept-negotiator';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BROTLI_OPTIONS, COMPRESS_ENCODINGS, COMPRESS_MIN_BYTES, GZIP_OPTIONS } from './compression-settings';
import type { PublicAnswer } from './public-cache';

type Encoding = (typeof COMPRESS_ENCODINGS)[number];
/** What the choice reads of a request (Fastify's or the raw one the front door sees). */
type Request = { method?: string; headers: IncomingHttpHeaders };

/**
 * A public answer's compressed bytes, made once per answer kept in memory rather than on every read:
 * browsers and CDNs all send Accept-Encoding, and compressing a campaign's JSON again on each request
 * halved the reads a node answers. Forgotten with the answer (a WeakMap: an invalidated answer goes).
 */
const encodedBodies = new WeakMap<PublicAnswer, Partial<Record<Encoding, Buffer>>>();

/** The encoding @fastify/compress would choose for this request (the same negotiation), or null for the plain body. */
export function chosenEncoding(request: Request): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return null;
  // As @fastify/compress: "*" (no preference) and x-gzip count as gzip.
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), COMPRESS_ENCODINGS);
}

/**
 * The body to send and its encoding: compressed (and kept) for a GET that accepts it when the body is
 * large enough to gain, plain otherwise. A HEAD gets the plain headers, as the compressor leaves it.
 */
export function answerBody(request: Request, answer: PublicAnswer): { body: string | Buffer; encoding: Encoding | null } {
  if (request.method !== 'GET' || Buffer.byteLength(answer.body) < COMPRESS_MIN_BYTES) return { body: answer.body, encoding: null };
  const encoding = chosenEncoding(request);
  if (!encoding) return { body: answer.body, encoding: null };
  let bodies = encodedBodies.get(answer);
  if (!bodies) encodedBodies.set(answer, (bodies = {}));
  const body = (bodies[encoding] ??=
    encoding === 'br' ? brotliCompressSync(answer.body, BROTLI_OPTIONS) : gzipSync(answer.body, GZIP_OPTIONS));
  return { body, encoding };
}
