import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { localeFromAcceptLanguage } from '../i18n/locale';
import { chosenEncoding } from './encoded-answer';
import { httpRequestDuration } from '../metrics/metrics';
import { createKeptKinds, headersAsSent, isPlainGet, type Door, type KeptKind, type RawRequest, type SentHeaders } from './kept-reply';
import { PUBLIC_CACHE_LIMITS, type PublicAnswer, type PublicCache } from './public-cache';

/**
 * A kept answer is asked for in up to three encodings (brotli, gzip, none), under a few URLs (query
 * strings of shared links): room for four kinds of request per answer the cache keeps.
 */
export const FRONT_DOOR_MAX_ENTRIES = 4 * PUBLIC_CACHE_LIMITS.maxEntries;

/** The public answer a route sent (sendPublicAnswer), for the front door to keep once it has gone out. */
export interface OfferedAnswer {
  answer: PublicAnswer;
  body: string | Buffer;
}

/**
 * The requests whose answer is the same for everyone who sends the same URL, language and accepted
 * encoding: a GET without credentials, cookies or a body. Anything else always goes to Fastify.
 */
function requestKind(request: RawRequest): string | null {
  const { headers } = request;
  if (!isPlainGet(request) || headers.authorization !== undefined) return null;
  return `${localeFromAcceptLanguage(headers['accept-language'])} ${chosenEncoding(request) ?? 'identity'} ${request.url}`;
}

/** Fastify's headers as sent, without Node's per-response ones; null when the answer is not for everyone. */
function sharedHeaders(headers: SentHeaders): string[] | null {
  const cacheControl = headers['cache-control'];
  if (typeof cacheControl !== 'string' || !cacheControl.startsWith('public')) return null;
  return headersAsSent(headers);
}

export interface FrontDoorOptions {
  cache: Pick<PublicCache, 'isCurrent'>;
  /** The most request kinds kept; the oldest go first. */
  maxEntries: number;
}

export interface FrontDoor extends Door {
  /**
   * Answers a request with the bytes Fastify sent an earlier request of the same kind, while the public
   * cache still holds the answer they were made from. False: not one it can answer; Fastify does.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** Keeps what Fastify sent for an offered public answer (its onResponse hook). */
  keep(request: RawRequest, status: number, headers: SentHeaders, offered: OfferedAnswer): void;
}

/**
 * Public reads at the speed of a bare route (docs/campaigns.md, "Public reads from memory"). The public
 * cache spares the database; the front door also spares Fastify's routing, hooks and reply building,
 * which were most of a cached read's cost: it writes again the exact status, headers and bytes Fastify
 * sent for the same kind of request. It keeps only what the cache keeps and asks the cache before each
 * use, so a change committed on any node reaches it the moment it reaches the cache.
 */
export function createFrontDoor({ cache, maxEntries }: FrontDoorOptions): FrontDoor {
  const kinds = createKeptKinds<KeptKind>(maxEntries, (answer) => cache.isCurrent(answer));
  return {
    route: FRONT_DOOR_ROUTE,
    serve(request, response) {
      if (kinds.idle) return false;
      const startedAt = process.hrtime.bigint();
      const kind = requestKind(request);
      const kept = kind === null ? undefined : kinds.find(kind);
      return kind !== null && kept !== undefined && kinds.send(kind, kept, request, response, startedAt);
    },
    keep(request, status, headers, { answer, body }) {
      if (!kinds.open || (status !== 200 && status !== 304)) return;
      const kind = requestKind(request);
      const shared = sharedHeaders(headers);
      if (kind === null || shared === null || !cache.isCurrent(answer)) return;
      kinds.keep(kind, answer, () => ({ answer, ok: null, notModified: null }), status, shared, body);
    },
    logTo: kinds.logTo,
    close: kinds.close,
  };
}

/** The route label of the public reads the front door answers from memory. */
export const FRONT_DOOR_ROUTE = '(front door)';

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), whose requests meet the
 * doors (the public front door, then the signed-in one) before Fastify's handler.
 */
export function frontDoorServer(doors: readonly Door[]) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      const started = performance.now();
      const door = doors.find((candidate) => candidate.serve(request, response));
      if (!door) return handler(request, response);
      // Answered from memory, past Fastify's hooks: timed here, under the door's route label (metrics.ts).
      const labels = { method: request.method ?? 'GET', route: door.route, status: String(response.statusCode) };
      httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
