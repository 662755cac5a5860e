import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { keepCallerAddress } from '../../server/http/caller-address';

let app: FastifyInstance;
afterEach(() => app.close());

/** What a handler reads as `request.ip` once its client has hung up (an admin page left mid-load). */
async function addressAfterHangUp(keep: boolean): Promise<string | undefined> {
  app = Fastify();
  if (keep) app.addHook('onRequest', keepCallerAddress);
  let started: () => void = () => {};
  const handling = new Promise<void>((resolve) => (started = resolve));
  const read = new Promise<string | undefined>((resolve) => {
    app.get('/slow', async (request) => {
      started();
      await new Promise((closed) => request.raw.once('close', closed));
      resolve(request.ip);
      return {};
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = httpRequest({ host: '127.0.0.1', port: (app.server.address() as AddressInfo).port, path: '/slow' });
  client.on('error', () => {});
  client.end();
  await handling;
  client.destroy();
  return read;
}

describe("the caller's address", () => {
  it('is still known after the client has hung up, as it was when the request came in', async () => {
    expect(await addressAfterHangUp(true)).toBe('127.0.0.1');
  });

  it('is why the hook is there: Fastify alone reads it from the closed socket and finds none', async () => {
    expect(await addressAfterHangUp(false)).toBeUndefined();
  });
});
