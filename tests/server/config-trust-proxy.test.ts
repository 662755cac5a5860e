import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, GENERATED_SECRET_NAMES, loadConfig } from '../../server/config';

/** TRUST_PROXY names the proxies whose X-Forwarded-For is believed (docs/deploy.md); the nginx test runs it for real. */
/** The secrets start.ts would make, given here so that nothing is written to disk. */
const secrets = Object.fromEntries(GENERATED_SECRET_NAMES.map((name) => [name, `${name.toLowerCase()}-`.padEnd(40, 'x')]));
const trustProxyOf = (env: Record<string, string>) => loadConfig({ ...secrets, ...env }).trustProxy;
const trustProxy = (value: string) => trustProxyOf({ TRUST_PROXY: value });
const refusal = (value: string) => {
  try {
    trustProxy(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default or when false', () => {
    expect(trustProxyOf({})).toBe(false);
    for (const value of ['false', '0', 'no', 'FALSE']) expect(trustProxy(value)).toBe(false);
  });

  it('reads addresses, CIDR ranges and the named ranges, comma-separated', () => {
    expect(trustProxy('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(trustProxy(' 172.31.250.0/24 , ::1,fd00::/8 ')).toEqual(['172.31.250.0/24', '::1', 'fd00::/8']);
    expect(trustProxy('loopback,uniquelocal,LinkLocal')).toEqual(['loopback', 'uniquelocal', 'linklocal']);
  });

  it('gives Fastify a list it takes', async () => {
    const app = Fastify({ trustProxy: trustProxy('10.0.0.2, 172.31.250.0/24, ::1, fd00::/8, loopback') });
    app.get('/ip', (request) => ({ ip: request.ip }));
    const forwarded = (remoteAddress: string) =>
      app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.5, 198.51.100.7' } }).then((r) => r.json());
    // From a trusted proxy: the address it gave. From anyone else: the sender's own, whatever it wrote.
    expect(await forwarded('172.31.250.3')).toEqual({ ip: '198.51.100.7' });
    expect(await forwarded('192.0.2.1')).toEqual({ ip: '192.0.2.1' });
    await app.close();
  });

  it.each(['true', 'yes', 'TRUE'])('refuses %s, which would believe every client, saying what to write instead', (value) => {
    const message = refusal(value);
    expect(message).toContain(`TRUST_PROXY=${value.toLowerCase()} would believe the X-Forwarded-For every client sends`);
    expect(message).toContain('e.g. TRUST_PROXY=10.0.0.2, TRUST_PROXY=172.31.250.0/24 or TRUST_PROXY=loopback (docs/deploy.md)');
  });

  it.each(['1', '2'])('refuses the hop count %s, which cannot tell the proxy from a client reaching the node directly', (value) => {
    const message = refusal(value);
    expect(message).toContain(`TRUST_PROXY=${value} is a hop count`);
    expect(message).toContain("name the proxies' addresses instead, e.g. TRUST_PROXY=10.0.0.2");
  });

  it.each([
    ['nginx', '"nginx"'],
    ['10.0.0.2,', '""'],
    ['10.0.0.0/33, 10.0.0.1', '"10.0.0.0/33"'],
    ['10.0.0.300', '"10.0.0.300"'],
    ['::1/129', '"::1/129"'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8"'],
    ['10.0.0.0/', '"10.0.0.0/"'],
  ])('refuses %s, naming the entry that is no address or range', (value, named) => {
    const message = refusal(value);
    expect(message).toMatch(/^Invalid configuration: TRUST_PROXY must be false or a comma-separated list of the proxies' addresses/);
    expect(message).toContain('(host names are not resolved)');
    expect(message).toContain(`not ${named}`);
  });
});
