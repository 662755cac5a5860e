import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { matchesEtag } from './public-answer';
import type { PublicAnswer } from './public-cache';

/**
 * What the doors before Fastify (front-door.ts, personal-door.ts) share: a reply Fastify sent, kept as
 * its exact status, headers and bytes, written again for a later request of the same kind.
 */

/** An answer as Fastify sent it to one kind of request. */
export interface Sent {
  status: number;
  /** [name, value, name, value, ...], as res.writeHead takes them. */
  headers: string[];
  body: Buffer;
}

export type RawRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;
/** The headers of a reply as Fastify's reply.getHeaders() gives them. */
export type SentHeaders = Record<string, string | number | string[] | undefined>;

/** A door in front of Fastify: answers what it can from memory (true), leaves the rest to Fastify. */
export interface Door {
  /** The metrics' route label of the requests it answers (metrics.ts). */
  readonly route: string;
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** Where the lines of requests answered here go (Fastify's logger, once it exists). */
  logTo(log: FastifyBaseLogger): void;
  /** From now on every request goes to Fastify (closing: it answers 503 and drains). */
  close(): void;
}

const NO_BODY = Buffer.alloc(0);
/** Headers Node writes for each connection and moment itself; a kept answer must not repeat stale ones. */
const PER_RESPONSE = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);
/** The levels at which Fastify logs each request's completion, as the doors do. */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

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

/** A GET without a body or cookies: the only request a door may answer. */
export function isPlainGet({ method, headers }: RawRequest): boolean {
  return (
    method === 'GET' &&
    headers.cookie === undefined &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined
  );
}

/** Fastify's headers as sent, without Node's per-response ones; null when one is a list (cookies) or sets a cookie. */
export function headersAsSent(headers: SentHeaders): string[] | null {
  if (headers['set-cookie'] !== undefined) return null;
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    if (Array.isArray(value)) return null;
    flat.push(name, String(value));
  }
  return flat;
}

/** The line Fastify would log for a request a door answered (`request completed`, `answeredFrom: "memory"`). */
function createServedLog() {
  let log: FastifyBaseLogger | null = null;
  return {
    logTo(logger: FastifyBaseLogger) {
      log = logger;
    },
    served(request: IncomingMessage, status: number, startedAt: bigint) {
      if (log === null || !LOGS_REQUESTS.has(log.level)) return;
      const responseTime = Number(process.hrtime.bigint() - startedAt) / 1e6;
      const req = { method: request.method, url: request.url, host: request.headers.host, ip: request.socket.remoteAddress };
      // The address is the socket's: behind a load balancer, the client's is in the header, logged as sent.
      const forwardedFor = request.headers['x-forwarded-for'];
      const line = { req, res: { statusCode: status }, responseTime, answeredFrom: 'memory', ...(forwardedFor ? { forwardedFor } : {}) };
      log.info(line, 'request completed');
    },
  };
}

/** What a door keeps per kind of request: the kept answer its replies were made from, and those replies. */
export interface KeptKind {
  answer: PublicAnswer;
  ok: Sent | null;
  notModified: Sent | null;
}

/**
 * The kinds of request a door keeps (at most `maxEntries`, the oldest going first), how it sends one
 * again while `isCurrent` says its answer still is, and how it logs what it sent.
 */
export function createKeptKinds<K extends KeptKind>(maxEntries: number, isCurrent: (answer: PublicAnswer) => boolean) {
  const kinds = new Map<string, K>();
  const log = createServedLog();
  let open = true;
  return {
    /** Nothing to answer from: closing, or nothing kept yet (the door then costs one check). */
    get idle() {
      return !open || kinds.size === 0;
    },
    get open() {
      return open;
    },
    find: (kind: string): K | undefined => kinds.get(kind),
    /**
     * Writes the kept 304 for a current If-None-Match, the kept 200 otherwise, while the answer is still
     * current (a stale kind is dropped). False when Fastify must answer.
     */
    send(kind: string, kept: K, request: IncomingMessage, response: ServerResponse, startedAt: bigint): boolean {
      if (!isCurrent(kept.answer)) {
        kinds.delete(kind);
        return false;
      }
      const ifNoneMatch = request.headers['if-none-match'];
      const sent = ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, kept.answer.etag) ? kept.notModified : kept.ok;
      if (!sent) return false;
      response.writeHead(sent.status, sent.headers);
      response.end(sent.body);
      log.served(request, sent.status, startedAt);
      return true;
    },
    /**
     * Records what Fastify sent (a 200 or a 304) for a kind, once each: in its kept entry if that was made
     * from the same answer, else in a new one (`make`) that replaces it.
     */
    keep(kind: string, answer: PublicAnswer, make: () => K, status: number, headers: string[], body: string | Buffer): void {
      let kept = kinds.get(kind);
      if (kept?.answer !== answer) {
        kinds.delete(kind);
        kinds.set(kind, (kept = make()));
        while (kinds.size > maxEntries) kinds.delete(kinds.keys().next().value as string);
      }
      if (status === 304) kept.notModified ??= { status, headers, body: NO_BODY };
      else kept.ok ??= { status, headers, body: typeof body === 'string' ? plainBytes(answer) : body };
    },
    logTo: log.logTo,
    close() {
      open = false;
      kinds.clear();
    },
  };
}
