import { PassThrough } from 'node:stream';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface SocketAnswer {
  status: number;
  /** Every header but `date`, which Node writes for each response. */
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether Fastify answered it (false: a door before Fastify did, server/http/front-door.ts). */
  byFastify: boolean;
}

/**
 * Makes a node listen on a free port and counts the requests that reach Fastify (its first hook): the
 * doors before Fastify only meet requests that come over a socket, and one they answer never reaches it.
 * `request` sends exactly the given headers, and answers the body's bytes as sent.
 */
export async function listeningNode(node: FastifyInstance) {
  let reachedFastify = 0;
  node.addHook('onRequest', (_request, _reply, done) => {
    reachedFastify += 1;
    done();
  });
  await node.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
  const request = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<SocketAnswer> => {
    const before = reachedFastify;
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(`${base}${path}`, { method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const { date: _sentAt, ...rest } = incoming.headers;
          resolve({ status: incoming.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks), byFastify: reachedFastify > before });
        });
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  };
  return { base, request };
}

type Send = (path: string, headers?: Record<string, string>) => Promise<SocketAnswer>;

/** Asks twice: Fastify answers the first, and the second must be the very same answer from memory. */
export async function answeredAgainFromMemory(send: Send, path: string, headers: Record<string, string> = {}): Promise<SocketAnswer> {
  const first = await send(path, headers);
  const again = await send(path, headers);
  expect(again.byFastify, path).toBe(false);
  expect(again.status, path).toBe(first.status);
  expect(again.headers, path).toEqual(first.headers);
  expect(again.body.equals(first.body), path).toBe(true);
  return again;
}

/**
 * Another node that logs at `info` to memory, listening: `logs()` is everything it wrote, `fromMemory()`
 * the request lines the doors before Fastify wrote (`answeredFrom: "memory"`).
 */
export async function loggingNode(build: (env: Record<string, string>, options: { logStream: PassThrough }) => Promise<FastifyInstance>) {
  let logs = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  const { request } = await listeningNode(await build({ LOG_LEVEL: 'info' }, { logStream: stream }));
  const fromMemory = () =>
    logs
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.answeredFrom === 'memory');
  return { request, logs: () => logs, fromMemory };
}
