import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher';
import { BALANCE_EVENT, userChannel, type BalanceMessage } from '../../../contracts/realtime';
import type { RealtimeConfig } from '../../config';

/** Where the SDK sends its HTTP API calls: hosted Pusher, a Soketi cluster, or this very server. */
export interface PusherTarget {
  host: string;
  port: number | null;
}

/**
 * The address of our own listening server as the SDK should dial it: a wildcard bind is reached on
 * loopback, an IPv6 address needs brackets in a URL. Null while not listening.
 */
export function loopbackTarget(address: AddressInfo | string | null): PusherTarget | null {
  if (address === null || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { host, port: address.port };
}

/** The official server SDK for an app and target (channel authorisation needs no target). */
export function createPusherClient(
  config: Pick<RealtimeConfig, 'appId' | 'key' | 'secret' | 'useTLS'>,
  target: PusherTarget,
  agent?: Agent,
): Pusher {
  return new Pusher({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    host: target.host,
    ...(target.port === null ? {} : { port: String(target.port) }),
    useTLS: config.useTLS,
    timeout: 5000,
    ...(agent ? { agent } : {}),
  });
}

export interface RealtimePublisher {
  /**
   * Publishes through the SDK's HTTP events API; false when there was nowhere to send it (the
   * embedded endpoint before the server listens).
   */
  trigger(channel: string, event: string, data: string): Promise<boolean>;
  /** The donor's new balance on `private-user-{id}`, data `{"balance":cents}` (docs/realtime.md). */
  publishBalance(userId: string, balanceCents: number): Promise<boolean>;
  close(): void;
}

/**
 * Always the official `pusher` SDK, even for the embedded endpoint, so what we test is what runs
 * against hosted Pusher or Soketi. `embeddedTarget` gives our own address once listening.
 */
export function createRealtimePublisher(config: RealtimeConfig, embeddedTarget: () => PusherTarget | null): RealtimePublisher {
  // Keep-alive: a burst of balance events reuses one connection instead of opening one per event.
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let cached: { key: string; client: Pusher } | null = null;

  const client = (): Pusher | null => {
    const target: PusherTarget | null = config.embedded
      ? embeddedTarget()
      : config.host
        ? { host: config.host, port: config.port }
        : { host: `api-${config.cluster ?? 'mt1'}.pusher.com`, port: config.port };
    if (!target) return null;
    const key = `${target.host}:${target.port ?? ''}`;
    if (cached?.key !== key) cached = { key, client: createPusherClient(config, target, config.useTLS ? undefined : agent) };
    return cached.client;
  };

  const trigger = async (channel: string, event: string, data: string): Promise<boolean> => {
    const pusher = client();
    if (!pusher) return false;
    await pusher.trigger(channel, event, data);
    return true;
  };

  return {
    trigger,
    publishBalance: (userId, balanceCents) =>
      trigger(userChannel(userId), BALANCE_EVENT, JSON.stringify({ balance: balanceCents } satisfies BalanceMessage)),
    close: () => agent.destroy(),
  };
}
