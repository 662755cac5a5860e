import { randomInt } from 'node:crypto';

/** What the registry needs of a connection: its id and a way to send it a frame. */
export interface Subscriber {
  readonly socketId: string;
  send(frame: string): void;
}

export interface ChannelRegistry {
  subscribe(subscriber: Subscriber, channel: string): void;
  unsubscribe(subscriber: Subscriber, channel: string): void;
  /** Forgets a closed connection everywhere. */
  remove(subscriber: Subscriber): void;
  channelsOf(subscriber: Subscriber): number;
  hasSubscribers(channel: string): boolean;
  /** Sends the frame to every subscriber of the channel except `exceptSocketId`; returns how many got it. */
  publish(channel: string, frame: string, exceptSocketId?: string | null): number;
  stats(): { subscribers: number; channels: number };
}

/** In-memory channel membership of this process: the embedded endpoint is a single-node server. */
export function createChannelRegistry(): ChannelRegistry {
  const byChannel = new Map<string, Set<Subscriber>>();
  const bySubscriber = new Map<Subscriber, Set<string>>();

  const unsubscribe = (subscriber: Subscriber, channel: string): void => {
    const members = byChannel.get(channel);
    members?.delete(subscriber);
    if (members?.size === 0) byChannel.delete(channel);
    bySubscriber.get(subscriber)?.delete(channel);
  };

  return {
    subscribe(subscriber, channel) {
      let members = byChannel.get(channel);
      if (!members) byChannel.set(channel, (members = new Set()));
      members.add(subscriber);
      let channels = bySubscriber.get(subscriber);
      if (!channels) bySubscriber.set(subscriber, (channels = new Set()));
      channels.add(channel);
    },
    unsubscribe,
    remove(subscriber) {
      for (const channel of [...(bySubscriber.get(subscriber) ?? [])]) unsubscribe(subscriber, channel);
      bySubscriber.delete(subscriber);
    },
    channelsOf: (subscriber) => bySubscriber.get(subscriber)?.size ?? 0,
    hasSubscribers: (channel) => (byChannel.get(channel)?.size ?? 0) > 0,
    publish(channel, frame, exceptSocketId) {
      let delivered = 0;
      for (const subscriber of byChannel.get(channel) ?? []) {
        if (subscriber.socketId === exceptSocketId) continue;
        subscriber.send(frame);
        delivered += 1;
      }
      return delivered;
    },
    stats: () => ({ subscribers: bySubscriber.size, channels: byChannel.size }),
  };
}

/** "123.456": the socket id format pusher-js and the SDKs validate. */
export const newSocketId = (): string => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
