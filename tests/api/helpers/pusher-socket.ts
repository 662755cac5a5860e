import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { userChannel } from '../../../contracts/realtime';
import { call } from './test-app';

export interface Frame {
  event: string;
  channel?: string;
  data: unknown;
}

/** A raw WebSocket speaking the Pusher protocol, with every frame it received kept in order. */
export interface RawPusherSocket {
  socket: WebSocket;
  frames: Frame[];
  socketId: string;
  send(event: string, data: Record<string, unknown>): void;
  /** The next frame (after those already taken) that matches, or a timeout error. */
  next(match?: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

export async function openRawSocket(url: string): Promise<RawPusherSocket> {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = (match: (frame: Frame) => boolean = () => true, timeoutMs = 3000): Promise<Frame> =>
    new Promise((resolve, reject) => {
      const look = (): boolean => {
        while (taken < frames.length) {
          const frame = frames[taken++] as Frame;
          if (match(frame)) {
            resolve(frame);
            return true;
          }
        }
        return false;
      };
      if (look()) return;
      const wake = () => {
        if (!look()) return;
        waiters.delete(wake);
        clearTimeout(timer);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
      waiters.add(wake);
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const hello = await next();
  const socketId =
    hello.event === 'pusher:connection_established' ? (JSON.parse(hello.data as string) as { socket_id: string }).socket_id : '';
  return {
    socket,
    frames,
    socketId,
    send: (event, data) => socket.send(JSON.stringify({ event, data })),
    next,
    closed,
    close: () => socket.close(),
  };
}

/** A raw socket on the donor's own channel, authorised through POST /realtime/auth the way pusher-js is. */
export async function openOwnChannelSocket(app: FastifyInstance, url: string, token: string, userId: string): Promise<RawPusherSocket> {
  const socket = await openRawSocket(url);
  const channel = userChannel(userId);
  const response = await call(app, 'POST', '/api/v1/realtime/auth', { socket_id: socket.socketId, channel_name: channel }, { token });
  if (response.statusCode !== 200) throw new Error(`realtime auth answered ${response.statusCode}: ${response.body}`);
  socket.send('pusher:subscribe', { channel, auth: (response.json() as { auth: string }).auth });
  const answer = await socket.next((f) => f.channel === channel && f.event.includes('subscription'));
  if (answer.event !== 'pusher_internal:subscription_succeeded') throw new Error(`subscription refused: ${JSON.stringify(answer)}`);
  return socket;
}
