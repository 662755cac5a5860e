import { z } from 'zod';
import { plainText } from './plain-text';
import { donorMessages as dm } from './donor-messages';

/** Realtime (docs/spec.md §3, §7; docs/design.md §9): one private channel per donor, one event for the balance. */
export const userChannel = (userId: string): string => `private-user-${userId}`;
export const BALANCE_EVENT = 'balance';

/** The event's data as sent on the wire: a JSON string holding the balance in cents. */
export const balanceMessageSchema = z.object({ balance: z.number().int() });
export type BalanceMessage = z.infer<typeof balanceMessageSchema>;

/** GET /realtime/config: where pusher-js connects (host null: the page's own host and port). */
export const realtimeClientConfigSchema = z.object({
  key: z.string(),
  cluster: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  use_tls: z.boolean(),
  auth_endpoint: z.string(),
});
export type RealtimeClientConfig = z.infer<typeof realtimeClientConfigSchema>;

/**
 * POST /realtime/auth: pusher-js's channel authorisation request (JSON from our client, or the
 * form-urlencoded body pusher-js sends by default) and its answer `{auth: "key:signature"}`.
 */
export const realtimeAuthRequestSchema = z.object({
  socket_id: z.string({ error: dm.realtimeSocketIdInvalid.id }).regex(/^\d+\.\d+$/, { error: dm.realtimeSocketIdInvalid.id }),
  channel_name: plainText({ error: dm.realtimeChannelInvalid.id })
    .min(1, { error: dm.realtimeChannelInvalid.id })
    .max(164, { error: dm.realtimeChannelInvalid.id }),
});
export type RealtimeAuthRequest = z.infer<typeof realtimeAuthRequestSchema>;
export const realtimeAuthResponseSchema = z.object({ auth: z.string() });
