import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Pusher from 'pusher';
import { userChannel } from '../../contracts/realtime';
import type { RealtimeConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/types';
import type { Clock } from '../services/clock';
import { walletBalance } from '../services/ledger';
import { createBalanceEvents, WALLET_CHANGED_CHANNEL } from '../services/realtime/balance-events';
import { createChannelRegistry, type ChannelRegistry } from '../services/realtime/channel-registry';
import { embeddedEventsRoutes } from '../routes/realtime-events';
import { createPusherClient, createRealtimePublisher, loopbackTarget, type RealtimePublisher } from '../services/realtime/publisher';
import { createConnectionLimits } from '../services/realtime/connection-limits';
import { ACTIVITY_TIMEOUT_S, closeCodes } from '../services/realtime/protocol';
import { acceptConnection, refuseConnection } from '../services/realtime/ws-connection';
import { realtimeConnections } from '../metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      publisher: RealtimePublisher;
      /** The SDK for channel authorisation (signing needs no network). */
      pusher: Pusher;
      /** The embedded endpoint's channels; null when PUSHER_* points elsewhere. */
      registry: ChannelRegistry | null;
    };
  }
}

export interface RealtimePluginOptions {
  config: RealtimeConfig;
  db: Database;
  clock: Clock;
  /** LISTEN for wallet changes; without it (some tests) no balance is published by itself. */
  database?: Pick<DatabaseHandle, 'listen'>;
}

/** The largest frame a client may send: subscribe messages are a few hundred bytes. */
const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

async function embeddedEndpoint(app: FastifyInstance, config: RealtimeConfig, registry: ChannelRegistry): Promise<void> {
  // In a context of its own: registered beside the API, @fastify/websocket's hooks wrapped every route
  // (an upgrade check and a handler wrapper on each request, 7% of a cached campaign read).
  await app.register(async (endpoint) => socketEndpoint(endpoint, config, registry));
  await app.register(embeddedEventsRoutes, { app: config, registry });
}

async function socketEndpoint(app: FastifyInstance, config: RealtimeConfig, registry: ChannelRegistry): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  const limits = createConnectionLimits(config.limits);
  app.get<{ Params: { key: string }; Querystring: { protocol?: string } }>('/app/:key', { websocket: true }, (socket, request) => {
    // One client once held 3,000 sockets here and slowed every other request: the process has a cap.
    if (!limits.hasRoom()) {
      refuseConnection(socket, closeCodes.overCapacity, 'Over capacity: try again later');
      return;
    }
    const connection = acceptConnection(socket, {
      app: config,
      registry,
      key: request.params.key,
      protocol: request.query.protocol,
      authTimeoutMs: config.limits.authTimeoutMs,
      onAuthenticated: (authenticated) => limits.authenticated(authenticated),
      onClose: (closed) => {
        limits.closed(closed);
        realtimeConnections.dec();
      },
    });
    if (connection) {
      limits.opened(connection);
      realtimeConnections.inc();
    }
  });
  // Quiet clients get a ping, silent ones are closed: half-open TCP connections would otherwise stay forever.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of limits.all()) connection.checkActivity(now);
    },
    (ACTIVITY_TIMEOUT_S * 1000) / 4,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/**
 * Realtime (docs/realtime.md): with no PUSHER_HOST/PUSHER_CLUSTER this server is itself a Pusher
 * Channels endpoint (WebSocket /app/{key} and the HTTP events API). Either way every committed change
 * of a donor's wallet publishes the new balance on private-user-{id} through the official SDK.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, { config, db, clock, database }) => {
    const registry = config.embedded ? createChannelRegistry() : null;
    if (registry) await embeddedEndpoint(app, config, registry);

    const publisher = createRealtimePublisher(config, () => (app.server.listening ? loopbackTarget(app.server.address()) : null));
    app.decorate('realtime', {
      publisher,
      pusher: createPusherClient(config, { host: config.host ?? '127.0.0.1', port: config.port }),
      registry,
    });

    const balanceEvents = createBalanceEvents({
      // The embedded endpoint knows whether anyone listens; hosted Pusher and Soketi are always told.
      wanted: (userId) => registry === null || (app.server.listening && registry.hasSubscribers(userChannel(userId))),
      readBalance: (userId) => walletBalance(db, userId, clock.now()),
      publish: (userId, balance) => publisher.publishBalance(userId, balance),
      onError: (error, userId) => app.log.error({ err: error, userId }, 'publishing a wallet balance failed'),
    });

    let unlisten: (() => Promise<void>) | null = null;
    if (database) {
      app.addHook('onReady', async () => {
        unlisten = await database.listen(WALLET_CHANGED_CHANNEL, (userId) => balanceEvents.walletChanged(userId));
      });
    }
    app.addHook('onClose', async () => {
      await unlisten?.().catch((error: unknown) => app.log.warn({ err: error }, 'stopping LISTEN failed'));
      await balanceEvents.stop();
      publisher.close();
    });
  },
  { name: 'semear-realtime' },
);
