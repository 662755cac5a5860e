import Pusher from 'pusher';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBalanceEvents } from '../../server/services/realtime/balance-events';
import { createChannelRegistry } from '../../server/services/realtime/channel-registry';
import { loopbackTarget } from '../../server/services/realtime/publisher';
import { channelAuth, signedEventsQuery, verifyChannelAuth, verifyEventsRequest } from '../../server/services/realtime/signatures';
import { acceptConnection, type SocketLike } from '../../server/services/realtime/ws-connection';
import { parseBalanceData, pusherOptions } from '../../src/lib/realtime/balance-channel';

const app = { appId: 'semear', key: 'semear-key', secret: 'a-secret-of-at-least-sixteen' };
const sdk = new Pusher({ ...app, host: '127.0.0.1', useTLS: false });
const userId = '5f0c2a8e-1b7d-4c1e-9a51-3f2d7c4b8e10';

afterEach(() => vi.useRealTimers());

describe('signatures (docs/design.md §9)', () => {
  it('signs private channels exactly as the official SDK does, and checks them', () => {
    const expected = sdk.authorizeChannel('123.456', `private-user-${userId}`).auth;
    expect(channelAuth(app, '123.456', `private-user-${userId}`)).toBe(expected);
    expect(verifyChannelAuth(app, '123.456', `private-user-${userId}`, expected)).toBe(true);
    expect(verifyChannelAuth(app, '123.457', `private-user-${userId}`, expected)).toBe(false);
    expect(verifyChannelAuth(app, '123.456', `private-user-${userId}`, undefined)).toBe(false);
  });

  it('signs HTTP API requests as the SDK does, and accepts them only within 600 s', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-04T12:00:00Z'), toFake: ['Date'] });
    const { createSignedQueryString } = (await import('pusher/lib/requests.js' as string)) as {
      createSignedQueryString: (token: unknown, request: object) => string;
    };
    const body = '{"name":"balance","data":"{\\"balance\\":10}","channels":["private-user-x"]}';
    const nowS = Math.floor(Date.now() / 1000);
    const sdkQuery = createSignedQueryString((sdk as unknown as { config: { token: unknown } }).config.token, {
      method: 'POST',
      path: '/apps/semear/events',
      body,
    });
    const ours = signedEventsQuery(app, { method: 'POST', path: '/apps/semear/events', body, timestampS: nowS });
    expect(ours).toBe(sdkQuery);
    const query = Object.fromEntries(new URLSearchParams(ours));
    const check = (at: number, rawBody = body, path = '/apps/semear/events') =>
      verifyEventsRequest(app, { method: 'POST', path, query, rawBody, nowS: at });
    expect(check(nowS)).toEqual({ ok: true });
    expect(check(nowS + 600)).toEqual({ ok: true });
    expect(check(nowS + 601).ok).toBe(false);
    expect(check(nowS - 601).ok).toBe(false);
    expect(check(nowS, `${body} `).ok).toBe(false);
    expect(check(nowS, body, '/apps/other/events').ok).toBe(false);
    expect(
      verifyEventsRequest(
        { ...app, secret: 'another-secret-sixteen' },
        { method: 'POST', path: '/apps/semear/events', query, rawBody: body, nowS },
      ).ok,
    ).toBe(false);
  });
});

describe('channel registry', () => {
  it("delivers to the channel's subscribers only, except the publisher's socket, and forgets closed ones", () => {
    const registry = createChannelRegistry();
    const got: string[] = [];
    const a = { socketId: '1.1', send: (f: string) => got.push(`a:${f}`) };
    const b = { socketId: '2.2', send: (f: string) => got.push(`b:${f}`) };
    registry.subscribe(a, 'x');
    registry.subscribe(b, 'x');
    registry.subscribe(b, 'y');
    expect(registry.publish('x', 'hi', '1.1')).toBe(1);
    expect(registry.publish('y', 'yo')).toBe(1);
    registry.remove(b);
    expect(registry.publish('x', 'again')).toBe(1);
    expect(registry.hasSubscribers('y')).toBe(false);
    expect(got).toEqual(['b:hi', 'b:yo', 'a:again']);
    expect(registry.stats()).toEqual({ subscribers: 1, channels: 1 });
  });
});

class FakeSocket implements SocketLike {
  readyState = 1;
  sent: Array<{ event: string; data: unknown }> = [];
  closedWith: number | null = null;
  private listeners: Record<string, (...args: unknown[]) => void> = {};
  send(data: string) {
    this.sent.push(JSON.parse(data) as { event: string; data: unknown });
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
    this.listeners.close?.();
  }
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): this;
  on(event: 'close', listener: () => void): this;
  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners[event] = listener as (...args: unknown[]) => void;
    return this;
  }
  receive(message: unknown) {
    this.listeners.message?.(Buffer.from(JSON.stringify(message)), false);
  }
}

describe('a connection', () => {
  it('pings a client quiet for the activity timeout and closes it (4201) when it stays silent', () => {
    let now = 0;
    const socket = new FakeSocket();
    const connection = acceptConnection(socket, { app, registry: createChannelRegistry(), key: app.key, protocol: '7', now: () => now });
    now = 119_000;
    connection?.checkActivity(now);
    expect(socket.sent.map((f) => f.event)).toEqual(['pusher:connection_established']);
    now = 120_000;
    connection?.checkActivity(now);
    expect(socket.sent.at(-1)?.event).toBe('pusher:ping');
    socket.receive({ event: 'pusher:pong', data: {} });
    now = 239_000;
    connection?.checkActivity(now);
    expect(socket.closedWith).toBeNull();
    now = 360_000;
    connection?.checkActivity(now);
    expect(socket.closedWith).toBe(4201);
  });

  it('refuses an unsupported protocol version (4007), client events and presence channels', () => {
    const old = new FakeSocket();
    acceptConnection(old, { app, registry: createChannelRegistry(), key: app.key, protocol: '4' });
    expect(old.closedWith).toBe(4007);
    const socket = new FakeSocket();
    acceptConnection(socket, { app, registry: createChannelRegistry(), key: app.key, protocol: '7' });
    socket.receive({ event: 'client-typing', channel: 'x', data: {} });
    expect(socket.sent.at(-1)).toEqual({ event: 'pusher:error', data: { code: null, message: 'Client events are not enabled' } });
    socket.receive({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: 'x' } });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'pusher:subscription_error', data: { status: 403 } });
  });
});

describe('balance events', () => {
  it('fold a burst of changes into at most one more publish carrying the last balance', async () => {
    let balance = 100;
    const published: number[] = [];
    let release: () => void = () => undefined;
    const events = createBalanceEvents({
      wanted: () => true,
      readBalance: async () => balance,
      publish: async (_user, cents) => {
        published.push(cents);
        if (published.length === 1) await new Promise<void>((r) => (release = r));
      },
      onError: () => undefined,
    });
    events.walletChanged(userId);
    await vi.waitFor(() => expect(published).toEqual([100]));
    for (const next of [200, 300, 400]) {
      balance = next;
      events.walletChanged(userId);
    }
    release();
    await vi.waitFor(() => expect(published).toEqual([100, 400]));
    await events.stop();
    expect(published).toEqual([100, 400]);
  });

  it('log a failed publish and keep going; ignore payloads that are not user ids and unwanted users', async () => {
    const errors: unknown[] = [];
    const published: string[] = [];
    const events = createBalanceEvents({
      wanted: (id) => id === userId,
      readBalance: async () => 1,
      publish: async (id) => {
        published.push(id);
        if (published.length === 1) throw new Error('pusher down');
      },
      onError: (error) => errors.push(error),
    });
    events.walletChanged(userId);
    events.walletChanged('not-a-uuid');
    events.walletChanged('00000000-0000-4000-8000-000000000000');
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    events.walletChanged(userId);
    await events.stop();
    expect(published).toEqual([userId, userId]);
  });
});

describe('client side', () => {
  it('reads the balance from what pusher-js delivers (parsed JSON) or from the raw string', () => {
    expect(parseBalanceData({ balance: 1500 })).toBe(1500);
    expect(parseBalanceData('{"balance":1500}')).toBe(1500);
    expect(parseBalanceData('{"balance":"1500"}')).toBeNull();
    expect(parseBalanceData('not json')).toBeNull();
  });

  it("connects to the page's own host for the embedded endpoint, to the cluster for hosted Pusher, and to a Soketi host", () => {
    const page = { hostname: 'semear.org.br', port: '', protocol: 'https:' };
    const embedded = pusherOptions(
      { key: 'k', cluster: null, host: null, port: null, use_tls: true, auth_endpoint: '/api/v1/realtime/auth' },
      page,
      undefined,
    );
    expect(embedded).toMatchObject({
      wsHost: 'semear.org.br',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws'],
      disableStats: true,
    });
    const local = pusherOptions(
      { key: 'k', cluster: null, host: null, port: null, use_tls: false, auth_endpoint: '' },
      { hostname: 'localhost', port: '3000', protocol: 'http:' },
      undefined,
    );
    expect(local).toMatchObject({ wsHost: 'localhost', wsPort: 3000, forceTLS: false });
    expect(
      pusherOptions({ key: 'k', cluster: 'sa1', host: null, port: null, use_tls: true, auth_endpoint: '' }, page, undefined),
    ).toMatchObject({ cluster: 'sa1', forceTLS: true });
    expect(
      pusherOptions({ key: 'k', cluster: null, host: 'soketi.interno', port: 6001, use_tls: false, auth_endpoint: '' }, page, undefined),
    ).toMatchObject({ wsHost: 'soketi.interno', wsPort: 6001, forceTLS: false });
  });

  it('dials our own server on loopback when it listens on every interface', () => {
    expect(loopbackTarget({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(loopbackTarget({ address: '::1', family: 'IPv6', port: 3000 })).toEqual({ host: '[::1]', port: 3000 });
    expect(loopbackTarget(null)).toBeNull();
  });
});
