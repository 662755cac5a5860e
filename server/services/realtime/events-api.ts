import { z } from 'zod';
import type { ChannelRegistry } from './channel-registry';
import { channelEvent, isValidChannelName, isValidSocketId, MAX_EVENT_DATA_BYTES } from './protocol';

const channelName = z.string().refine(isValidChannelName);
const eventData = z.string().refine((data) => Buffer.byteLength(data, 'utf8') <= MAX_EVENT_DATA_BYTES);
const socketId = z.string().refine(isValidSocketId);

/** POST /apps/{id}/events, as the SDKs send it: `channels` (up to 100) or a single `channel`. */
export const triggerBodySchema = z
  .object({
    name: z.string().min(1).max(200),
    data: eventData,
    channels: z.array(channelName).min(1).max(100).optional(),
    channel: channelName.optional(),
    socket_id: socketId.optional(),
  })
  .refine((body) => body.channels !== undefined || body.channel !== undefined);

/** POST /apps/{id}/batch_events: up to 10 events, one channel each. */
export const batchBodySchema = z.object({
  batch: z
    .array(z.object({ name: z.string().min(1).max(200), data: eventData, channel: channelName, socket_id: socketId.optional() }))
    .min(1)
    .max(10),
});

export interface OutgoingEvent {
  name: string;
  data: string;
  channels: readonly string[];
  /** The publisher's own connection, which does not get its event back. */
  socketId?: string;
}

/** Fans each event out to the channels' subscribers; returns how many frames went out. */
export function deliverEvents(registry: ChannelRegistry, events: readonly OutgoingEvent[]): number {
  let delivered = 0;
  for (const event of events) {
    for (const channel of new Set(event.channels))
      delivered += registry.publish(channel, channelEvent(event.name, channel, event.data), event.socketId);
  }
  return delivered;
}
