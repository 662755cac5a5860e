import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../server/services/webhooks/post-webhook';
import { isPublicAddress, literalPrivateHost, pinnedLookup } from '../../server/services/webhooks/ssrf-guard';

// Real endpoints are hostnames: the delivery resolves the name, checks it, and pins the connection to
// the checked address through Node's `lookup` hook, which Node calls in two shapes.

let server: Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(`${req.headers.host} ${body}`);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a webhook to a hostname', () => {
  it('arrives when private targets are allowed (localhost)', async () => {
    const result = await postWebhook(`http://localhost:${port}/hook`, {}, '{"type":"webhook.test"}', {
      allowPrivate: true,
      now: new Date(),
    });
    expect(result).toMatchObject({ statusCode: 200, error: null, body: 'ok' });
    expect(received).toContain(`localhost:${port} {"type":"webhook.test"}`);
  });

  it('is refused when the name resolves to a private address and private targets are not allowed', async () => {
    const before = received.length;
    const result = await postWebhook(`http://localhost:${port}/hook`, {}, '{}', { allowPrivate: false, now: new Date() });
    expect(result).toMatchObject({ statusCode: null, error: 'refused: not a public address' });
    expect(received).toHaveLength(before);
  });
});

describe('the pinned lookup', () => {
  const lookup = pinnedLookup([
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ]);

  it('answers a list when Node asks for all addresses', () => {
    let answer: unknown;
    lookup('anything.example', { all: true }, (error, addresses) => (answer = error ?? addresses));
    expect(answer).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ] satisfies LookupAddress[]);
  });

  it('answers the first address and its family otherwise, with or without options', () => {
    const answers: unknown[] = [];
    lookup('anything.example', { family: 0 }, (_error, address, family) => answers.push([address, family]));
    lookup('anything.example', 4, (_error, address, family) => answers.push([address, family]));
    lookup('anything.example', (_error, address, family) => answers.push([address, family]));
    expect(answers).toEqual([
      ['127.0.0.1', 4],
      ['127.0.0.1', 4],
      ['127.0.0.1', 4],
    ]);
  });

  it('connects through Node in both shapes (happy eyeballs on and off), whatever the name says', async () => {
    for (const autoSelectFamily of [true, false]) {
      const socket = connect({ host: 'no-such-host.invalid', port, lookup, autoSelectFamily });
      const address = await new Promise<string>((resolve, reject) => {
        socket.once('connect', () => resolve(socket.remoteAddress ?? ''));
        socket.once('error', reject);
      });
      socket.destroy();
      expect(address, `autoSelectFamily ${autoSelectFamily}`).toBe('127.0.0.1');
    }
  });
});

describe('addresses that hide an internal one', () => {
  it('are not public, in any IPv6 spelling', () => {
    for (const address of ['::127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1', '0:0:0:0:0:ffff:c0a8:101', '::']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('::ffff:808:808')).toBe(true);
  });

  it('are refused when entered as a URL', () => {
    for (const url of ['http://[::127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[::ffff:127.0.0.1]:8080/x']) {
      expect(literalPrivateHost(url), url).toBe(true);
    }
    expect(literalPrivateHost('https://hooks.example.org/x')).toBe(false);
  });
});
