import type { AxiosInstance } from 'axios';
import type PusherClient from 'pusher-js';
import type { Channel, Options } from 'pusher-js';
import {
  BALANCE_EVENT,
  balanceMessageSchema,
  realtimeAuthResponseSchema,
  realtimeClientConfigSchema,
  userChannel,
  type RealtimeClientConfig,
} from '../../../contracts/realtime';
import { http as defaultHttp } from '../http/api-client';

type PusherConstructor = new (key: string, options: Options) => PusherClient;

export interface BalanceChannelDeps {
  /** The API client: GET /realtime/config, POST /realtime/auth with the bearer token (and its refresh). */
  http: Pick<AxiosInstance, 'get' | 'post'>;
  /** pusher-js, always through a dynamic import: it must never weigh on the first page. */
  loadPusher(): Promise<PusherConstructor>;
  /** The page's address: the embedded endpoint is on the same host and port. */
  location(): { hostname: string; port: string; protocol: string };
}

/** The balance in a balance event: pusher-js hands over the parsed JSON, other clients the raw string. */
export function parseBalanceData(data: unknown): number | null {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = balanceMessageSchema.safeParse(value);
  return parsed.success ? parsed.data.balance : null;
}

/** pusher-js options per docs/design.md §9 for the three places the endpoint can be (docs/realtime.md). */
export function pusherOptions(
  config: RealtimeClientConfig,
  page: { hostname: string; port: string; protocol: string },
  authorize: Options['channelAuthorization'],
): Options {
  const common = { disableStats: true, channelAuthorization: authorize } as const;
  if (config.host === null && config.cluster !== null) return { ...common, cluster: config.cluster, forceTLS: true };
  const tls = config.host === null ? page.protocol === 'https:' : config.use_tls;
  const port = config.port ?? (config.host === null && page.port !== '' ? Number(page.port) : tls ? 443 : 80);
  return {
    ...common,
    // pusher-js requires a cluster; with wsHost set it is never used.
    cluster: config.cluster ?? 'embedded',
    wsHost: config.host ?? page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws'],
  };
}

export interface BalanceChannels {
  subscribeToBalance(userId: string, onBalance: (cents: number) => void): () => void;
}

/**
 * One pusher-js connection per page, shared by every subscriber and closed when the last one leaves.
 * pusher-js reconnects by itself and subscribes again (asking /realtime/auth again) after a reconnect.
 */
export function createBalanceChannels(deps: BalanceChannelDeps): BalanceChannels {
  let connection: Promise<PusherClient> | null = null;
  let subscribers = 0;

  const connect = async (): Promise<PusherClient> => {
    const [Pusher, config] = await Promise.all([
      deps.loadPusher(),
      deps.http.get('/realtime/config').then((r) => realtimeClientConfigSchema.parse(r.data)),
    ]);
    const authorize: Options['channelAuthorization'] = {
      customHandler: ({ socketId, channelName }, callback) => {
        deps.http.post('/realtime/auth', { socket_id: socketId, channel_name: channelName }).then(
          (response) => callback(null, realtimeAuthResponseSchema.parse(response.data)),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    };
    return new Pusher(config.key, pusherOptions(config, deps.location(), authorize));
  };

  const release = (): void => {
    subscribers -= 1;
    if (subscribers > 0 || !connection) return;
    const closing = connection;
    connection = null;
    void closing.then(
      (pusher) => pusher.disconnect(),
      () => undefined,
    );
  };

  return {
    subscribeToBalance(userId, onBalance) {
      subscribers += 1;
      const current = (connection ??= connect());
      // A failed start (no config, no pusher-js) is forgotten so the next subscriber tries again.
      current.catch(() => {
        if (connection === current) connection = null;
      });
      const name = userChannel(userId);
      const handler = (data: unknown): void => {
        const balance = parseBalanceData(data);
        if (balance !== null) onBalance(balance);
      };
      let channel: Channel | null = null;
      let active = true;
      void current.then(
        (pusher) => {
          if (!active) return;
          channel = pusher.channel(name) ?? pusher.subscribe(name);
          channel.bind(BALANCE_EVENT, handler);
        },
        () => undefined,
      );

      return () => {
        if (!active) return;
        active = false;
        if (channel) {
          channel.unbind(BALANCE_EVENT, handler);
          // Others on this page may still watch the same donor's channel.
          if (!channel.callbacks.get(BALANCE_EVENT)?.length) void current.then((pusher) => pusher.unsubscribe(name));
        }
        release();
      };
    },
  };
}

let pageChannels: BalanceChannels | null = null;

/** pusher-js's default export is typed as its module namespace; what the page uses is the class. */
export const loadPusherJs = (): Promise<PusherConstructor> =>
  import('pusher-js').then((module) => module.default as unknown as PusherConstructor);

/**
 * Calls onBalance with the donor's balance in cents on every change of their wallet; returns the
 * unsubscribe function. The first call loads pusher-js and connects.
 */
export function subscribeToBalance(userId: string, onBalance: (cents: number) => void): () => void {
  pageChannels ??= createBalanceChannels({
    http: defaultHttp,
    loadPusher: loadPusherJs,
    location: () => window.location,
  });
  return pageChannels.subscribeToBalance(userId, onBalance);
}
