import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Pusher from 'pusher';
import WebSocket from 'ws';
import { BALANCE_EVENT } from '../../contracts/realtime';
import { channelAuth } from '../../server/services/realtime/signatures';

export interface RealtimeFanoutOptions {
  /** WebSocket clients held open at once, each on its own private channel. */
  clients?: number;
  /** Balance events sent to every client, one after the other. */
  rounds?: number;
  appId?: string;
  key?: string;
  /** The app secret; by default read from the bench server's DATA_DIR/pusher-secret. */
  secret?: string;
  dataDir?: string;
}

export interface RealtimeFanoutResult {
  clients: number;
  /** Clients still connected and subscribed after the last round. */
  connectedHeld: number;
  p50Ms: number;
  p99Ms: number;
  /** Balance events received in all (clients × rounds when nothing was lost). */
  events: number;
}

interface BenchClient {
  socket: WebSocket;
  channel: string;
  /** Resolves with the receipt time of the balance event carrying `balance`. */
  onBalance: ((balance: number, at: number) => void) | null;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

/** A raw Pusher-protocol client subscribed to a private channel, with auth computed from the secret as /realtime/auth would. */
function connectClient(wsUrl: string, app: { key: string; secret: string }, channel: string): Promise<BenchClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    const client: BenchClient = { socket, channel, onBalance: null };
    const timer = setTimeout(() => reject(new Error(`client for ${channel} did not subscribe in time`)), 30_000);
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data: unknown };
      if (frame.event === 'pusher:connection_established') {
        const { socket_id } = JSON.parse(frame.data as string) as { socket_id: string };
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(app, socket_id, channel) } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve(client);
      } else if (frame.event === 'pusher:subscription_error') {
        clearTimeout(timer);
        reject(new Error(`subscription refused: ${JSON.stringify(frame.data)}`));
      } else if (frame.event === BALANCE_EVENT) {
        const { balance } = JSON.parse(frame.data as string) as { balance: number };
        client.onBalance?.(balance, performance.now());
      }
    });
  });
}

/**
 * Realtime fan-out: holds `clients` WebSocket connections on the server's embedded Pusher endpoint,
 * then publishes balance events through the official SDK (one HTTP call per 100 channels, the API's
 * limit) and measures, per client, the time from the call to the event's arrival.
 */
export async function measureRealtimeFanout(base: string, options: RealtimeFanoutOptions = {}): Promise<RealtimeFanoutResult> {
  const count = options.clients ?? 1000;
  const rounds = options.rounds ?? 10;
  const url = new URL(base);
  const app = {
    appId: options.appId ?? 'semear',
    key: options.key ?? 'semear-key',
    secret: options.secret ?? readFileSync(join(options.dataDir ?? '.data', 'pusher-secret'), 'utf8').trim(),
  };
  const sdk = new Pusher({ ...app, host: url.hostname, port: url.port, useTLS: url.protocol === 'https:' });
  const wsUrl = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}/app/${app.key}?protocol=7&client=bench&version=1`;

  const clients: BenchClient[] = [];
  try {
    // In waves, so the server's accept queue is not the thing measured.
    for (let i = 0; i < count; i += 50) {
      const wave = Array.from({ length: Math.min(50, count - i) }, (_, j) => connectClient(wsUrl, app, `private-user-bench-${i + j}`));
      clients.push(...(await Promise.all(wave)));
    }

    const latencies: number[] = [];
    let events = 0;
    for (let round = 1; round <= rounds; round++) {
      const sentAt = new Map<string, number>();
      const arrivals = clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 10_000);
            client.onBalance = (balance, at) => {
              if (balance !== round) return;
              latencies.push(at - (sentAt.get(client.channel) ?? at));
              events += 1;
              clearTimeout(timer);
              resolve();
            };
          }),
      );
      const calls: Array<Promise<unknown>> = [];
      for (let i = 0; i < clients.length; i += 100) {
        const channels = clients.slice(i, i + 100).map((c) => c.channel);
        const t0 = performance.now();
        for (const channel of channels) sentAt.set(channel, t0);
        calls.push(sdk.trigger(channels, BALANCE_EVENT, JSON.stringify({ balance: round })));
      }
      await Promise.all(calls);
      await Promise.all(arrivals);
    }

    const connectedHeld = clients.filter((c) => c.socket.readyState === WebSocket.OPEN).length;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      clients: count,
      connectedHeld,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      events,
    };
  } finally {
    for (const client of clients) client.socket.terminate();
  }
}
