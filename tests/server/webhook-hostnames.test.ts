import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../server/services/webhooks/post-webhook';
import { embeddedIPv4, isPublicAddress, literalPrivateHost, pinnedLookup, resolveTarget } from '../../server/services/webhooks/ssrf-guard';

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

// Issue 48, item 6: [::ffff:0:7f00:1] and [2002:7f00:1::1] were taken for public addresses. Every IPv6
// form that carries an IPv4 address, for loopback, a private network and the clouds' metadata service.
const inside = { loopback: [0x7f00, 0x0001], private: [0x0a00, 0x0001], metadata: [0xa9fe, 0xa9fe] } as const;
const hex = (n: number) => n.toString(16);
const carrying: Record<string, (high: number, low: number) => string> = {
  'IPv4-mapped ::ffff:a.b.c.d': (h, l) => `::ffff:${hex(h)}:${hex(l)}`,
  'IPv4-mapped, dotted': (h, l) => `::ffff:${h >> 8}.${h & 255}.${l >> 8}.${l & 255}`,
  'IPv4-translated ::ffff:0:a.b.c.d': (h, l) => `::ffff:0:${hex(h)}:${hex(l)}`,
  'IPv4-translated, dotted and written out': (h, l) => `0:0:0:0:FFFF:0:${h >> 8}.${h & 255}.${l >> 8}.${l & 255}`,
  'IPv4-compatible ::a.b.c.d': (h, l) => `::${hex(h)}:${hex(l)}`,
  'NAT64 64:ff9b::/96': (h, l) => `64:ff9b::${hex(h)}:${hex(l)}`,
  'local NAT64 64:ff9b:1::/48': (h, l) => `64:ff9b:1::${hex(h)}:${hex(l)}`,
  '6to4 2002::/16': (h, l) => `2002:${hex(h)}:${hex(l)}::1`,
  'Teredo 2001::/32 (client address inverted)': (h, l) => `2001:0:4136:e378:8000:63bf:${hex(h ^ 0xffff)}:${hex(l ^ 0xffff)}`,
};

describe('IPv6 addresses that carry an IPv4 one', () => {
  for (const [form, write] of Object.entries(carrying)) {
    it(`${form}: not public for loopback, a private network or the metadata service, as a literal or a DNS answer`, async () => {
      for (const [what, [high, low]] of Object.entries(inside)) {
        const address = write(high, low);
        expect(isPublicAddress(address), `${what} ${address}`).toBe(false);
        expect(literalPrivateHost(`https://[${address}]:8443/hook`), `${what} ${address}`).toBe(true);
        const answers = [
          { address: '8.8.8.8', family: 4 },
          { address, family: 6 },
        ];
        expect(await resolveTarget('hooks.example.org', false, async () => answers), `${what} ${address}`).toEqual({
          ok: false,
          reason: 'private',
        });
      }
    });
  }

  it('reads the IPv4 address out of the forms that carry one to its host', () => {
    expect(embeddedIPv4('::ffff:0:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('2002:7f00:1::1')).toBe('127.0.0.1');
    expect(embeddedIPv4('2002:a9fe:a9fe:1234::1')).toBe('169.254.169.254');
    expect(embeddedIPv4('64:ff9b::10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIPv4('::ffff:c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIPv4('2001:4860:4860::8888')).toBeNull();
  });

  it('lets a public IPv4 address through the forms that reach it, and refuses the forms that are never the Internet', async () => {
    // Judged by what they carry: 8.8.8.8 is public however IPv6 writes it, where IPv6 would deliver to it.
    for (const address of ['::ffff:808:808', '::ffff:0:808:808', '64:ff9b::808:808', '2002:808:808::1', '2002:c8a0:203::42']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    // Deprecated (IPv4-compatible), a network's own (local NAT64) or tunnelled through a NAT (Teredo): refused whatever they carry.
    for (const address of ['::808:808', '64:ff9b:1::808:808', '2001:0:4136:e378:8000:63bf:f7f7:f7f7']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(await resolveTarget('hooks.example.org', false, async () => [{ address: '2002:808:808::1', family: 6 }])).toMatchObject({
      ok: true,
    });
  });

  it('refuses the IPv6 ranges that are not the Internet, and takes global unicast', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '100::1',
      '2001:db8::1',
      '2001:2::1',
      '3fff::1',
      '5f00::1',
      '4000::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['2001:4860:4860::8888', '2606:4700:4700::1111', '2804:14c::1', '2a00:1450:4001::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
