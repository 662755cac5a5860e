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
  Array.isArray(raw)
    ? Buffer.concat(raw).toString('utf8')
    : Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : Buffer.from(raw).toString('utf8');

export interface PusherConnection extends Subscriber {
  /** Called by the heartbeat sweep: pings a quiet client, closes one that stopped answering. */
  checkActivity(nowMs: number): void;
  /** The private channel of its first authorised subscription (its donor's), null before. */
  readonly owner: string | null;
  /** Tells the client why (pusher:error) and closes with that code. */
  closeWith(code: number, message: string): void;
}

/** Says why in the protocol's terms before closing: pusher-js reads the code to decide whether to reconnect. */
export function refuseConnection(socket: SocketLike, code: number, message: string): void {
  if (socket.readyState === OPEN) socket.send(protocolError(code, message));
  socket.close(code, message.slice(0, 120));
}

export interface ConnectionOptions {
  app: { key: string; secret: string };
  registry: ChannelRegistry;
  /** From the URL: /app/{key}?protocol=7 */
  key: string;
  protocol: string | undefined;
  now?: () => number;
  /** A socket that has not subscribed to a private channel by then is closed with 4009; none: no deadline. */
  authTimeoutMs?: number;
  /** Its first authorised private subscription: the connection now belongs to that channel's donor. */
  onAuthenticated?: (connection: PusherConnection) => void;
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
    refuseConnection(socket, closeCodes.applicationDoesNotExist, `Application does not exist: ${options.key.slice(0, 64)}`);
    return null;
  }
  const protocol = options.protocol === undefined ? 7 : Number(options.protocol);
  if (!Number.isInteger(protocol) || protocol < 5 || protocol > 7) {
    refuseConnection(socket, closeCodes.unsupportedProtocol, 'Unsupported protocol version');
    return null;
  }

  let lastActivity = now();
  let pinged = false;
  let owner: string | null = null;
  // Only a donor's page has a reason to be here: an idle socket that never authorises is someone holding sockets.
  const timeoutMs = options.authTimeoutMs;
  const authDeadline =
    timeoutMs === undefined
      ? null
      : setTimeout(
          () =>
            connection.closeWith(
              closeCodes.unauthorized,
              `Connection is unauthorized: subscribe to your private channel within ${Math.ceil(timeoutMs / 1000)} s`,
            ),
          timeoutMs,
        );
  authDeadline?.unref();
  const connection: PusherConnection = {
    socketId: newSocketId(),
    get owner() {
      return owner;
    },
    send(frame) {
      if (socket.readyState === OPEN) socket.send(frame);
    },
    closeWith(code, message) {
      refuseConnection(socket, code, message);
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
    if (owner === null && isPrivateChannel(channel)) {
      owner = channel;
      if (authDeadline) clearTimeout(authDeadline);
      options.onAuthenticated?.(connection);
    }
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
        connection.send(
          protocolError(
            null,
            message.event.startsWith('client-') ? 'Client events are not enabled' : `Unsupported event: ${message.event.slice(0, 200)}`,
          ),
        );
    }
  });
  socket.on('close', () => {
    if (authDeadline) clearTimeout(authDeadline);
    options.registry.remove(connection);
    options.onClose?.(connection);
  });
  connection.send(connectionEstablished(connection.socketId));
  return connection;
}
