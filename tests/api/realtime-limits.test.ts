import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession } from './helpers/fixtures';
import { openOwnChannelSocket, openRawSocket, type RawPusherSocket } from './helpers/pusher-socket';
import { createTestContext, type TestContext } from './helpers/test-app';

// Short limits so the test waits half a second, not the production 10 s.
const AUTH_TIMEOUT_MS = 500;
const PER_USER = 3;

let ctx: TestContext;
let url: string;
const sockets: RawPusherSocket[] = [];

const listen = async (app: FastifyInstance, key: string): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/app/${key}?protocol=7&client=js&version=8.6.0`;
};
const track = (socket: RawPusherSocket): RawPusherSocket => {
  sockets.push(socket);
  return socket;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Still open and answering: the protocol's own ping. */
const answersPing = async (socket: RawPusherSocket): Promise<boolean> => {
  if (socket.socket.readyState !== socket.socket.OPEN) return false;
  socket.send('pusher:ping', {});
  return (await socket.next((f) => f.event === 'pusher:pong').catch(() => null)) !== null;
};

beforeAll(async () => {
  ctx = await createTestContext({ REALTIME_AUTH_TIMEOUT_MS: String(AUTH_TIMEOUT_MS), REALTIME_MAX_CONNECTIONS_PER_USER: String(PER_USER) });
  url = await listen(ctx.app, ctx.config.realtime.key);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

describe('embedded Pusher endpoint: limits', () => {
  it("closes a socket that has not subscribed to its own private channel in time with 4009 (pusher-js does not reconnect); a donor's socket stays", async () => {
    const idle = track(await openRawSocket(url));
    const publicOnly = track(await openRawSocket(url));
    publicOnly.send('pusher:subscribe', { channel: 'anuncios' });
    const { token, user } = await newSession(ctx.app);
    const donor = track(await openOwnChannelSocket(ctx.app, url, token, user.id));

    for (const socket of [idle, publicOnly]) {
      expect(await socket.next((f) => f.event === 'pusher:error', AUTH_TIMEOUT_MS + 2000)).toEqual({
        event: 'pusher:error',
        data: { code: 4009, message: expect.stringContaining('unauthorized') },
      });
      expect(await socket.closed).toBe(4009);
    }
    await wait(200);
    expect(await answersPing(donor)).toBe(true);
  });

  it(`keeps at most ${PER_USER} sockets per donor: a newer one closes the oldest with 4004, other donors are untouched`, async () => {
    const donor = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const theirs = track(await openOwnChannelSocket(ctx.app, url, other.token, other.user.id));
    const tabs: RawPusherSocket[] = [];
    for (let i = 0; i < PER_USER; i++) tabs.push(track(await openOwnChannelSocket(ctx.app, url, donor.token, donor.user.id)));

    const newest = track(await openOwnChannelSocket(ctx.app, url, donor.token, donor.user.id));

    const oldest = tabs[0] as RawPusherSocket;
    expect(await oldest.next((f) => f.event === 'pusher:error')).toEqual({
      event: 'pusher:error',
      data: { code: 4004, message: expect.any(String) },
    });
    expect(await oldest.closed).toBe(4004);
    for (const socket of [...tabs.slice(1), newest, theirs]) expect(await answersPing(socket)).toBe(true);
  });

  it('refuses sockets beyond the process cap with 4100 (pusher-js retries after a back-off) and takes them again once one closes', async () => {
    const capped = await ctx.buildAnotherApp({ REALTIME_MAX_CONNECTIONS: '2' });
    const cappedUrl = await listen(capped, ctx.config.realtime.key);
    const { token, user } = await newSession(ctx.app);
    const first = track(await openOwnChannelSocket(capped, cappedUrl, token, user.id));
    track(await openOwnChannelSocket(capped, cappedUrl, token, user.id));

    const refused = track(await openRawSocket(cappedUrl));
    expect(refused.frames[0]).toEqual({ event: 'pusher:error', data: { code: 4100, message: expect.stringContaining('Over capacity') } });
    expect(await refused.closed).toBe(4100);

    first.close();
    await first.closed;
    await wait(50);
    const again = track(await openRawSocket(cappedUrl));
    expect(again.frames[0]?.event).toBe('pusher:connection_established');
  });
});
