import { describe, expect, it } from 'vitest';
import { placeOfAddress } from '../../server/auth/session-place';
import { describeUserAgent } from '../../server/auth/user-agent';

/** What the sessions list and the new-device mail read from a User-Agent and an address (docs/security.md, Sessions). */
describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
      'Android 14',
      'Chrome 120',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Linux', 'Firefox 121'],
    // macOS froze its User-Agent at 10.15.7: no version rather than a wrong one.
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      'macOS',
      'Safari 17',
    ],
  ])('%s', (agent, device, browser) => {
    expect(describeUserAgent(agent)).toMatchObject({ device, browser });
  });

  it('says nothing it does not know, and keys devices without versions', () => {
    expect(describeUserAgent('')).toMatchObject({ device: null, browser: null });
    expect(describeUserAgent('curl/8.0')).toMatchObject({ device: null });
    const chrome = (version: string) =>
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
    expect(describeUserAgent(chrome('120.0.0.0')).key).toBe(describeUserAgent(chrome('131.0.1.2')).key);
  });
});

describe('placeOfAddress', () => {
  it.each([
    ['127.0.0.1', 'local'],
    ['::1', 'local'],
    ['10.1.2.3', 'local'],
    ['172.20.0.5', 'local'],
    ['::ffff:192.168.0.12', 'local'],
    ['fd12:3456::1', 'local'],
    ['200.147.67.142', 'BR'],
    ['2804:14c::1', 'BR'],
    ['8.8.8.8', 'US'],
    ['not an address', null],
  ])('%s → %s', async (address, place) => {
    expect(await placeOfAddress(address)).toBe(place);
  });
});
