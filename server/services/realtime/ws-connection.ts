import type { ChannelRegistry, Subscriber } from './channel-registry';
import { newSocketId } from './channel-registry';
import {
  ACTIVITY_TIMEOUT_S,
  closeCodes,
  connectionEstablished,
  isPresenceChannel,
  isPrivateChannel,
  isValidChannelName,
  MAX_CHANNELS_PER_CONNECTION,
  parseClientMessage,
  ping,
  pong,
  protocolError,
  subscriptionError,
  subscriptionSucceeded,
} from './protocol';
import { verifyChannelAuth } from './signatures';

/** The part of a `ws` WebSocket a connection uses (tests may pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

const OPEN = 1;

const frameText = (raw: Buffer | ArrayBuffer | Buffer[]): string =>
  Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw).toString('utf8');

export interface PusherConnection extends Subscriber {
  /** Called by the heartbeat sweep: pings a quiet client, closes one that stopped answering. */
  checkActivity(nowMs: number): void;
}

export interface ConnectionOptions {
  app: { key: string; secret: string };
  registry: ChannelRegistry;
  /** From the URL: /app/{key}?protocol=7 */
  key: string;
  protocol: string | undefined;
  now?: () => number;
  onClose?: (connection: PusherConnection) => void;
}

/**
 * One pusher-js connection: says hello with a socket id, answers pings, subscribes public channels and
 * private ones whose auth signature is right, unsubscribes. Client events are not enabled (Pusher's
 * default): only the server publishes.
 */
export function acceptConnection(socket: SocketLike, options: ConnectionOptions): PusherConnection | null {
  const now = options.now ?? Date.now;
  if (options.key !== options.app.key) {
    socket.send(protocolError(closeCodes.applicationDoesNotExist, `Application does not exist: ${options.key}`));
    socket.close(closeCodes.applicationDoesNotExist, 'Application does not exist');
    return null;
  }
  const protocol = options.protocol === undefined ? 7 : Number(options.protocol);
  if (!Number.isInteger(protocol) || protocol < 5 || protocol > 7) {
    socket.send(protocolError(closeCodes.unsupportedProtocol, 'Unsupported protocol version'));
    socket.close(closeCodes.unsupportedProtocol, 'Unsupported protocol version');
    return null;
  }

  let lastActivity = now();
  let pinged = false;
  const connection: PusherConnection = {
    socketId: newSocketId(),
    send(frame) {
      if (socket.readyState === OPEN) socket.send(frame);
    },
    checkActivity(nowMs) {
      const quietMs = nowMs - lastActivity;
      if (quietMs >= 2 * ACTIVITY_TIMEOUT_S * 1000) {
        socket.close(closeCodes.pongNotReceived, 'Pong reply not received');
      } else if (!pinged && quietMs >= ACTIVITY_TIMEOUT_S * 1000) {
        pinged = true;
        connection.send(ping());
      }
    },
  };

  const subscribe = (data: Record<string, unknown>): void => {
    const channel = typeof data.channel === 'string' ? data.channel : '';
    if (!isValidChannelName(channel)) {
      connection.send(protocolError(null, `Invalid channel name: ${channel.slice(0, 200)}`));
      return;
    }
    if (isPresenceChannel(channel)) {
      connection.send(subscriptionError(channel, 403, 'Presence channels are not supported'));
      return;
    }
    if (options.registry.channelsOf(connection) >= MAX_CHANNELS_PER_CONNECTION) {
      connection.send(subscriptionError(channel, 403, 'Too many channels on one connection'));
      return;
    }
    if (isPrivateChannel(channel) && !verifyChannelAuth(options.app, connection.socketId, channel, data.auth)) {
      connection.send(subscriptionError(channel, 401, 'Invalid signature: the auth string does not match this socket and channel'));
      return;
    }
    options.registry.subscribe(connection, channel);
    connection.send(subscriptionSucceeded(channel));
  };

  socket.on('message', (raw, isBinary) => {
    lastActivity = now();
    pinged = false;
    const message = isBinary ? null : parseClientMessage(frameText(raw));
    if (!message) {
      connection.send(protocolError(null, 'Messages must be JSON objects with an event name'));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        connection.send(pong());
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(message.data);
        return;
      case 'pusher:unsubscribe':
        if (typeof message.data.channel === 'string') options.registry.unsubscribe(connection, message.data.channel);
        return;
      default:
        connection.send(protocolError(null, message.event.startsWith('client-') ? 'Client events are not enabled' : `Unsupported event: ${message.event.slice(0, 200)}`));
    }
  });
  socket.on('close', () => {
    options.registry.remove(connection);
    options.onClose?.(connection);
  });
  connection.send(connectionEstablished(connection.socketId));
  return connection;
}
