import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { localeFromAcceptLanguage } from '../i18n/locale';
import { chosenEncoding } from './encoded-answer';
import { httpRequestDuration } from '../metrics/metrics';
import { matchesEtag } from './public-answer';
import { PUBLIC_CACHE_LIMITS, type PublicAnswer, type PublicCache } from './public-cache';

/**
 * A kept answer is asked for in up to three encodings (brotli, gzip, none), under a few URLs (query
 * strings of shared links): room for four kinds of request per answer the cache keeps.
 */
export const FRONT_DOOR_MAX_ENTRIES = 4 * PUBLIC_CACHE_LIMITS.maxEntries;

/** A public answer as Fastify sent it to one kind of request: its exact status, headers and bytes. */
interface Sent {
  status: number;
  /** [name, value, name, value, ...], as res.writeHead takes them. */
  headers: string[];
  body: Buffer;
}

/** What the front door keeps per request kind: the cache's answer it was made from, and its 200 and 304. */
interface Kept {
  answer: PublicAnswer;
  ok: Sent | null;
  notModified: Sent | null;
}

/** The public answer a route sent (sendPublicAnswer), for the front door to keep once it has gone out. */
export interface OfferedAnswer {
  answer: PublicAnswer;
  body: string | Buffer;
}

type RawRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;
/** The headers of a reply as Fastify's reply.getHeaders() gives them. */
type SentHeaders = Record<string, string | number | string[] | undefined>;
/** The levels at which Fastify logs each request's completion, as the front door does. */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

const NO_BODY = Buffer.alloc(0);
/**
 * One copy of an answer's plain bytes, whatever the number of URLs it is asked under (compressed bytes
 * are shared already, encoded-answer.ts): a crawler sending a page under thousands of query strings
 * costs a kept header list each, not a page each.
 */
const plainBodies = new WeakMap<PublicAnswer, Buffer>();
const plainBytes = (answer: PublicAnswer): Buffer => {
  let bytes = plainBodies.get(answer);
  if (!bytes) plainBodies.set(answer, (bytes = Buffer.from(answer.body)));
  return bytes;
};

/** Headers Node writes for each connection and moment itself; a kept answer must not repeat stale ones. */
const PER_RESPONSE = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

/**
 * The requests whose answer is the same for everyone who sends the same URL, language and accepted
 * encoding: a GET without credentials, cookies or a body. Anything else always goes to Fastify.
 */
function requestKind(request: RawRequest): string | null {
  const { headers } = request;
  if (request.method !== 'GET' || headers.authorization !== undefined || headers.cookie !== undefined) return null;
  if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return null;
  return `${localeFromAcceptLanguage(headers['accept-language'])} ${chosenEncoding(request) ?? 'identity'} ${request.url}`;
}

/** Fastify's headers as sent, without Node's per-response ones; null when the answer is not for everyone. */
function sharedHeaders(headers: SentHeaders): string[] | null {
  const cacheControl = headers['cache-control'];
  if (headers['set-cookie'] !== undefined || typeof cacheControl !== 'string' || !cacheControl.startsWith('public')) return null;
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    if (Array.isArray(value)) return null;
    flat.push(name, String(value));
  }
  return flat;
}

export interface FrontDoorOptions {
  cache: Pick<PublicCache, 'isCurrent'>;
  /** The most request kinds kept; the oldest go first. */
  maxEntries: number;
}

export interface FrontDoor {
  /**
   * Answers a request with the bytes Fastify sent an earlier request of the same kind, while the public
   * cache still holds the answer they were made from. False: not one it can answer; Fastify does.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** Keeps what Fastify sent for an offered public answer (its onResponse hook). */
  keep(request: RawRequest, status: number, headers: SentHeaders, offered: OfferedAnswer): void;
  /** Where the lines of requests answered here go (Fastify's logger, once it exists). */
  logTo(log: FastifyBaseLogger): void;
  /** From now on every request goes to Fastify (closing: it answers 503 and drains). */
  close(): void;
}

/**
 * Public reads at the speed of a bare route (docs/campaigns.md, "Public reads from memory"). The public
 * cache spares the database; the front door also spares Fastify's routing, hooks and reply building,
 * which were most of a cached read's cost: it writes again the exact status, headers and bytes Fastify
 * sent for the same kind of request. It keeps only what the cache keeps and asks the cache before each
 * use, so a change committed on any node reaches it the moment it reaches the cache.
 */
export function createFrontDoor({ cache, maxEntries }: FrontDoorOptions): FrontDoor {
  const kept = new Map<string, Kept>();
  let log: FastifyBaseLogger | null = null;
  let open = true;

  const logServed = (request: IncomingMessage, status: number, startedAt: bigint) => {
    if (log === null || !LOGS_REQUESTS.has(log.level)) return;
    const responseTime = Number(process.hrtime.bigint() - startedAt) / 1e6;
    const req = { method: request.method, url: request.url, host: request.headers.host, ip: request.socket.remoteAddress };
    // The address is the socket's: behind a load balancer, the client's is in the header, logged as sent.
    const forwardedFor = request.headers['x-forwarded-for'];
    const line = { req, res: { statusCode: status }, responseTime, answeredFrom: 'memory', ...(forwardedFor ? { forwardedFor } : {}) };
    log.info(line, 'request completed');
  };

  return {
    serve(request, response) {
      if (!open || kept.size === 0) return false;
      const startedAt = process.hrtime.bigint();
      const kind = requestKind(request);
      if (kind === null) return false;
      const entry = kept.get(kind);
      if (!entry) return false;
      if (!cache.isCurrent(entry.answer)) {
        kept.delete(kind);
        return false;
      }
      const ifNoneMatch = request.headers['if-none-match'];
      const sent = ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.answer.etag) ? entry.notModified : entry.ok;
      if (!sent) return false;
      response.writeHead(sent.status, sent.headers);
      response.end(sent.body);
      logServed(request, sent.status, startedAt);
      return true;
    },
    keep(request, status, headers, { answer, body }) {
      if (!open || (status !== 200 && status !== 304)) return;
      const kind = requestKind(request);
      const shared = sharedHeaders(headers);
      if (kind === null || shared === null || !cache.isCurrent(answer)) return;
      let entry = kept.get(kind);
      if (entry?.answer !== answer) {
        kept.delete(kind);
        entry = { answer, ok: null, notModified: null };
        kept.set(kind, entry);
        while (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
      }
      if (status === 304) entry.notModified ??= { status, headers: shared, body: NO_BODY };
      else entry.ok ??= { status, headers: shared, body: typeof body === 'string' ? plainBytes(answer) : body };
    },
    logTo(logger) {
      log = logger;
    },
    close() {
      open = false;
      kept.clear();
    },
  };
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), whose requests meet the
 * front door before Fastify's handler.
 */
/** The route label of the public reads the front door answers from memory. */
export const FRONT_DOOR_ROUTE = '(front door)';

function observeFrontDoor(method: string, status: number, seconds: number): void {
  httpRequestDuration.observe({ method, route: FRONT_DOOR_ROUTE, status: String(status) }, seconds);
}

export function frontDoorServer(door: FrontDoor) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      const started = performance.now();
      if (!door.serve(request, response)) handler(request, response);
      // Answered from memory, past Fastify's hooks: timed here, under one route label (metrics.ts).
      else observeFrontDoor(request.method ?? 'GET', response.statusCode, (performance.now() - started) / 1000);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
