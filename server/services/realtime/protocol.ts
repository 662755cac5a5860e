/**
 * The subset of the Pusher Channels protocol (version 7) the embedded endpoint speaks (docs/realtime.md).
 * Every frame is a JSON object {event, channel?, data}; pusher-js expects `data` of its own events as a
 * JSON string for connection_established and subscription_succeeded, and as an object for errors.
 */

export const PROTOCOL_VERSION = 7;
/** Seconds of silence after which pusher-js pings us (we say so on connect; Pusher's own default). */
export const ACTIVITY_TIMEOUT_S = 120;
/** Pusher's limit on one event's data, which the official SDKs and Soketi also apply. */
export const MAX_EVENT_DATA_BYTES = 10 * 1024;
/** Channels one connection may hold: a donor's page needs one; more is someone probing. */
export const MAX_CHANNELS_PER_CONNECTION = 100;

/** Close and error codes from the protocol: 4000–4099 tell pusher-js not to reconnect, 4200–4299 to reconnect at once. */
export const closeCodes = {
  applicationDoesNotExist: 4001,
  /** Pusher's "over connection quota": here one donor's; the closed (oldest) tab does not come back to evict another. */
  overConnectionQuota: 4004,
  unsupportedProtocol: 4007,
  /** Pusher's "connection is unauthorized", as Soketi closes a socket that did not sign in in time. */
  unauthorized: 4009,
  /** Pusher's "over capacity": pusher-js tries again after a back-off. */
  overCapacity: 4100,
  pongNotReceived: 4201,
} as const;

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
export const isValidChannelName = (channel: string): boolean => CHANNEL_NAME.test(channel);
export const isPrivateChannel = (channel: string): boolean => channel.startsWith('private-');
/** Presence channels need member lists we do not keep; refusing is better than pretending. */
export const isPresenceChannel = (channel: string): boolean => channel.startsWith('presence-');

const SOCKET_ID = /^\d+\.\d+$/;
export const isValidSocketId = (socketId: string): boolean => SOCKET_ID.test(socketId);

const frame = (message: Record<string, unknown>): string => JSON.stringify(message);

export const connectionEstablished = (socketId: string): string =>
  frame({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT_S }) });

export const ping = (): string => frame({ event: 'pusher:ping', data: {} });
export const pong = (): string => frame({ event: 'pusher:pong', data: {} });

export const protocolError = (code: number | null, message: string): string => frame({ event: 'pusher:error', data: { code, message } });

export const subscriptionSucceeded = (channel: string): string =>
  frame({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });

/** Same shape as Soketi's: pusher-js hands it to the channel's `pusher:subscription_error` listeners. */
export const subscriptionError = (channel: string, status: number, error: string): string =>
  frame({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error, status } });

/** An event for subscribers; `data` is passed on exactly as the publisher sent it (a string). */
export const channelEvent = (event: string, channel: string, data: string): string => frame({ event, channel, data });

export interface ClientMessage {
  event: string;
  data: Record<string, unknown>;
  channel?: string;
}

/** A frame from a client, or null when it is not a JSON object with an event name. */
export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { event, data, channel } = value as { event?: unknown; data?: unknown; channel?: unknown };
  if (typeof event !== 'string') return null;
  // Some clients send data as a JSON string; the protocol allows both.
  let body: unknown = data;
  if (typeof data === 'string') {
    try {
      body = JSON.parse(data);
    } catch {
      body = {};
    }
  }
  return {
    event,
    data: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
    ...(typeof channel === 'string' ? { channel } : {}),
  };
}
