import axios from 'axios';
import Pusher from 'pusher';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_EVENT, realtimeClientConfigSchema, userChannel } from '../../contracts/realtime';
import { creditWallet } from '../../server/services/ledger';
import { channelAuth, signedEventsQuery } from '../../server/services/realtime/signatures';
import { createBalanceChannels, loadPusherJs } from '../../src/lib/realtime/balance-channel';
import { newSession } from './helpers/fixtures';
import { openOwnChannelSocket, openRawSocket, type RawPusherSocket } from './helpers/pusher-socket';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let base: string;
let port: number;
const sockets: RawPusherSocket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

const connect = async (key = ctx.config.realtime.key): Promise<RawPusherSocket> => {
  const socket = await openRawSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`);
  sockets.push(socket);
  return socket;
};

/** The official SDK, as another service (or Soketi's users) would publish to us. */
const sdk = () =>
  new Pusher({
    appId: ctx.config.realtime.appId,
    key: ctx.config.realtime.key,
    secret: ctx.config.realtime.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server registered the subscription (the SDK may publish right after). */
const subscribed = (socket: RawPusherSocket, channel: string) =>
  socket.next((f) => f.channel === channel && f.event.includes('subscription'));

async function subscribeOwnChannel(token: string, userId: string): Promise<RawPusherSocket> {
  const socket = await openOwnChannelSocket(
    ctx.app,
    `ws://127.0.0.1:${port}/app/${ctx.config.realtime.key}?protocol=7&client=js&version=8.6.0`,
    token,
    userId,
  );
  sockets.push(socket);
  return socket;
}

/** A pusher-js client through our client library, signed in as the donor. */
function donorBalanceChannels(token: string) {
  return createBalanceChannels({
    http: axios.create({ baseURL: `${base}/api/v1`, headers: { authorization: `Bearer ${token}` } }),
    loadPusher: loadPusherJs,
    location: () => ({ hostname: '127.0.0.1', port: String(port), protocol: 'http:' }),
  });
}

function nextBalance(
  subscribe: (onBalance: (cents: number) => void) => () => void,
  expected: number,
): { received: Promise<number[]>; stop: () => void } {
  const seen: number[] = [];
  let stop: () => void = () => undefined;
  const received = new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`balance ${expected} not received; got ${JSON.stringify(seen)}`)), 8000);
    stop = subscribe((cents) => {
      seen.push(cents);
      if (cents === expected) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
  });
  return { received, stop: () => stop() };
}

describe('embedded Pusher endpoint: the WebSocket', () => {
  it('says hello with a socket id and the activity timeout, and answers a ping with a pong', async () => {
    const socket = await connect();
    const hello = socket.frames[0];
    expect(hello?.event).toBe('pusher:connection_established');
    expect(typeof hello?.data).toBe('string');
    expect(JSON.parse(hello?.data as string)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    socket.send('pusher:ping', {});
    expect(await socket.next()).toEqual({ event: 'pusher:pong', data: {} });
  });

  it('refuses an unknown app key with error 4001 and closes', async () => {
    const socket = await connect('not-our-key');
    expect(socket.frames[0]).toEqual({ event: 'pusher:error', data: { code: 4001, message: expect.stringContaining('not-our-key') } });
    expect(await socket.closed).toBe(4001);
  });

  it("refuses a forged auth string and another donor's channel with a subscription error, and delivers nothing there", async () => {
    const { user } = await newSession(ctx.app);
    const socket = await connect();
    const channel = userChannel(user.id);
    socket.send('pusher:subscribe', { channel, auth: `${ctx.config.realtime.key}:${'0'.repeat(64)}` });
    expect(await subscribed(socket, channel)).toEqual({
      event: 'pusher:subscription_error',
      channel,
      data: { type: 'AuthError', error: expect.any(String), status: 401 },
    });
    // A valid signature, but for another socket: useless to whoever copied it.
    socket.send('pusher:subscribe', { channel, auth: channelAuth(ctx.config.realtime, '1.2', channel) });
    expect((await subscribed(socket, channel)).event).toBe('pusher:subscription_error');
    socket.send('pusher:subscribe', { channel });
    expect((await subscribed(socket, channel)).event).toBe('pusher:subscription_error');

    await sdk().trigger(channel, BALANCE_EVENT, { balance: 1 });
    await wait(200);
    expect(socket.frames.filter((f) => f.event === BALANCE_EVENT)).toEqual([]);
  });

  it('subscribes public channels without auth, and unsubscribing stops the events', async () => {
    const socket = await connect();
    socket.send('pusher:subscribe', { channel: 'anuncios' });
    expect(await subscribed(socket, 'anuncios')).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'anuncios',
      data: '{}',
    });
    await sdk().trigger('anuncios', 'novidade', { texto: 'olá' });
    expect(await socket.next((f) => f.event === 'novidade')).toEqual({ event: 'novidade', channel: 'anuncios', data: '{"texto":"olá"}' });
    socket.send('pusher:unsubscribe', { channel: 'anuncios' });
    socket.send('pusher:ping', {});
    await socket.next((f) => f.event === 'pusher:pong');
    await sdk().trigger('anuncios', 'novidade', { texto: 'de novo' });
    await wait(200);
    expect(socket.frames.filter((f) => f.event === 'novidade')).toHaveLength(1);
  });
});

describe('embedded Pusher endpoint: the HTTP events API', () => {
  const path = () => `/apps/${ctx.config.realtime.appId}/events`;
  const post = (query: string, body: string) =>
    fetch(`${base}${path()}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const nowS = () => Math.floor(Date.now() / 1000);

  it('refuses forged signatures, stale timestamps and altered bodies with 401, delivering nothing; the signed event arrives', async () => {
    const socket = await connect();
    socket.send('pusher:subscribe', { channel: 'vitrine' });
    await subscribed(socket, 'vitrine');
    const body = JSON.stringify({ name: 'aviso', channels: ['vitrine'], data: '{"n":1}' });
    const app = ctx.config.realtime;

    const forged = signedEventsQuery(
      { key: app.key, secret: 'not-the-secret-at-all' },
      { method: 'POST', path: path(), body, timestampS: nowS() },
    );
    const stale = signedEventsQuery(app, { method: 'POST', path: path(), body, timestampS: nowS() - 660 });
    const future = signedEventsQuery(app, { method: 'POST', path: path(), body, timestampS: nowS() + 660 });
    const forOtherBody = signedEventsQuery(app, {
      method: 'POST',
      path: path(),
      body: body.replace('aviso', 'outro-aviso'),
      timestampS: nowS(),
    });
    for (const [name, query] of Object.entries({ forged, stale, future, forOtherBody })) {
      const response = await post(query, body);
      expect(response.status, name).toBe(401);
      expect(await response.json()).toEqual({ message: 'Assinatura do evento inválida ou expirada.', code: 'realtime.signature_invalid' });
    }
    const unsigned = await post('auth_key=' + app.key, body);
    expect(unsigned.status).toBe(401);

    const good = await post(signedEventsQuery(app, { method: 'POST', path: path(), body, timestampS: nowS() - 590 }), body);
    expect(good.status).toBe(200);
    expect(await socket.next((f) => f.event !== 'pusher:pong')).toEqual({ event: 'aviso', channel: 'vitrine', data: '{"n":1}' });
  });

  it("answers 404 for another app id and 400 for a malformed event, in the caller's language", async () => {
    const app = ctx.config.realtime;
    const body = JSON.stringify({ name: 'aviso', channels: ['vitrine'], data: '{}' });
    const otherPath = '/apps/outro-app/events';
    const other = await fetch(
      `${base}${otherPath}?${signedEventsQuery(app, { method: 'POST', path: otherPath, body, timestampS: nowS() })}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    );
    expect(other.status).toBe(404);

    const bad = JSON.stringify({ name: 'aviso', channels: [], data: '{}' });
    const response = await fetch(
      `${base}${path()}?${signedEventsQuery(app, { method: 'POST', path: path(), body: bad, timestampS: nowS() })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: bad,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Invalid event: name, data (up to 10 KB) and 1 to 100 valid channels',
      code: 'validation.failed',
    });
  });

  it("takes batch events from the SDK and leaves out the publisher's own socket", async () => {
    const a = await connect();
    const b = await connect();
    for (const s of [a, b]) {
      s.send('pusher:subscribe', { channel: 'lote' });
      await subscribed(s, 'lote');
    }
    await sdk().triggerBatch([
      { channel: 'lote', name: 'um', data: { n: 1 } },
      { channel: 'lote', name: 'dois', data: '{"n":2}' },
    ]);
    expect(await a.next((f) => f.event === 'dois')).toEqual({ event: 'dois', channel: 'lote', data: '{"n":2}' });
    await sdk().trigger('lote', 'tres', {}, { socket_id: a.socketId });
    expect(await b.next((f) => f.event === 'tres')).toMatchObject({ channel: 'lote' });
    await wait(150);
    expect(a.frames.some((f) => f.event === 'tres')).toBe(false);
  });
});

describe('POST /api/v1/realtime/auth', () => {
  it("authorises the signed-in donor's own channel with the key:HMAC signature the socket accepts (JSON or form)", async () => {
    const { token, user } = await newSession(ctx.app);
    const socketId = '1234.5678';
    const channel = userChannel(user.id);
    const json = await call(ctx.app, 'POST', '/api/v1/realtime/auth', { socket_id: socketId, channel_name: channel }, { token });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ auth: channelAuth(ctx.config.realtime, socketId, channel) });
    // pusher-js's default authoriser posts a form.
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/realtime/auth',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
    });
    expect(form.json()).toEqual(json.json());
  });

  it("refuses another donor's channel (403), other channels (403), signed-out callers (401) and a bad socket id (400)", async () => {
    const me = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const refused = await call(
      ctx.app,
      'POST',
      '/api/v1/realtime/auth',
      { socket_id: '1.2', channel_name: userChannel(other.user.id) },
      { token: me.token },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Você não tem permissão para fazer isso.', code: 'forbidden' });
    expect(refused.json()).not.toHaveProperty('auth');
    const presence = await call(
      ctx.app,
      'POST',
      '/api/v1/realtime/auth',
      { socket_id: '1.2', channel_name: `presence-user-${me.user.id}` },
      { token: me.token },
    );
    expect(presence.statusCode).toBe(403);

    const signedOut = await call(ctx.app, 'POST', '/api/v1/realtime/auth', { socket_id: '1.2', channel_name: userChannel(me.user.id) });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'token.missing' });

    const badSocket = await call(
      ctx.app,
      'POST',
      '/api/v1/realtime/auth',
      { socket_id: 'abc', channel_name: userChannel(me.user.id) },
      { token: me.token, locale: 'pt' },
    );
    expect(badSocket.statusCode).toBe(400);
    expect(badSocket.json()).toEqual({ message: ['O socket_id deve ter o formato 123.456'], code: 'validation.failed' });
  });
});

describe('GET /api/v1/realtime/config', () => {
  it("tells the browser the key and to use the page's own host with the embedded endpoint", async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/realtime/config');
    expect(response.statusCode).toBe(200);
    expect(realtimeClientConfigSchema.parse(response.json())).toEqual({
      key: ctx.config.realtime.key,
      cluster: null,
      host: null,
      port: null,
      use_tls: false,
      auth_endpoint: '/api/v1/realtime/auth',
    });
  });
});

describe('balance events', () => {
  it('reach the donor\'s pusher-js client when published through the SDK, as {"balance": cents} on the wire', async () => {
    const { token, user } = await newSession(ctx.app);
    const raw = await subscribeOwnChannel(token, user.id);
    const channels = donorBalanceChannels(token);
    const watch = nextBalance((onBalance) => channels.subscribeToBalance(user.id, onBalance), 1234);
    // pusher-js subscribes asynchronously: publish until it has (each publish is idempotent for the check).
    const publishing = setInterval(() => void ctx.app.realtime.publisher.publishBalance(user.id, 1234), 100);
    try {
      expect(await watch.received).toContain(1234);
    } finally {
      clearInterval(publishing);
      watch.stop();
    }
    expect(await raw.next((f) => f.event === BALANCE_EVENT)).toEqual({
      event: 'balance',
      channel: userChannel(user.id),
      data: '{"balance":1234}',
    });
  });

  it("follow every committed change of the wallet's ledger with the new balance", async () => {
    const { token, user } = await newSession(ctx.app);
    const socket = await subscribeOwnChannel(token, user.id);
    const credit = (amountCents: number, reference: string) =>
      ctx.database.db.transaction((tx) =>
        creditWallet(tx, {
          userId: user.id,
          amountCents,
          origin: 'gift_card',
          expiresAt: new Date(ctx.clock.now().getTime() + 30 * DAY_MS),
          from: { kind: 'gateway_clearing', gateway: 'sandbox' },
          reference,
        }),
      );
    await credit(5_000, `test-credit:${user.id}:1`);
    expect(await socket.next((f) => f.event === BALANCE_EVENT)).toEqual({
      event: 'balance',
      channel: userChannel(user.id),
      data: '{"balance":5000}',
    });
    await credit(2_500, `test-credit:${user.id}:2`);
    expect(await socket.next((f) => f.event === BALANCE_EVENT)).toMatchObject({ data: '{"balance":7500}' });

    // A rolled-back change publishes nothing.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await creditWallet(tx, {
          userId: user.id,
          amountCents: 100,
          origin: 'gift_card',
          expiresAt: new Date(ctx.clock.now().getTime() + DAY_MS),
          from: { kind: 'gateway_clearing', gateway: 'sandbox' },
          reference: `test-credit:${user.id}:3`,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await wait(200);
    expect(socket.frames.filter((f) => f.event === BALANCE_EVENT)).toHaveLength(2);
  });

  it("are not sent to another donor's socket", async () => {
    const me = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const mine = await subscribeOwnChannel(me.token, me.user.id);
    await ctx.app.realtime.publisher.publishBalance(other.user.id, 999);
    await ctx.app.realtime.publisher.publishBalance(me.user.id, 1);
    expect(await mine.next((f) => f.event === BALANCE_EVENT)).toMatchObject({ data: '{"balance":1}' });
  });
});
