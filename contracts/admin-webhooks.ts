import { z } from 'zod';
import { adminMessages as am } from './admin-messages';
import { plainText } from './plain-text';

/**
 * Outgoing webhooks (/admin/webhooks; docs/webhooks.md): endpoints that other systems (an ERP, a CRM, a
 * spreadsheet robot) give us, the events each wants, and the deliveries, signed as Standard Webhooks
 * says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`).
 */

export const WEBHOOK_EVENTS = [
  'donation.confirmed',
  'donation.refunded',
  'subscription.created',
  'subscription.canceled',
  'gift_card.redeemed',
  'campaign.published',
  'webhook.test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A filter: an event, a family ('subscription.*') or every event ('*'). */
export const WEBHOOK_FILTERS = ['*', ...new Set(WEBHOOK_EVENTS.map((e) => `${e.split('.')[0]}.*`)), ...WEBHOOK_EVENTS] as const;
/** The filters that take in `event`: '*', its family ('donation.*') and itself. */
export const filtersTaking = (event: string): string[] => ['*', `${event.split('.')[0]}.*`, event];

/** Whether `filter` already takes in `other` ('*' every other filter, 'donation.*' 'donation.confirmed'). */
export const filterCovers = (filter: string, other: string): boolean =>
  filter !== other && (filter === '*' || (filter.endsWith('.*') && other.startsWith(filter.slice(0, -1))));

/** A choice of filters where none takes in another: '*' stands alone, a family without its own events. */
export const filtersExclusive = (filters: readonly string[]): boolean => !filters.some((f) => filters.some((o) => filterCovers(f, o)));

export const WEBHOOK_URL_MAX = 500;

const url = plainText()
  .trim()
  .max(WEBHOOK_URL_MAX, { error: am.webhookUrlInvalid.id })
  .refine(
    (value) => {
      try {
        const parsed = new URL(value);
        return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password && !parsed.hash;
      } catch {
        return false;
      }
    },
    { error: am.webhookUrlInvalid.id },
  )
  .meta({
    format: 'uri',
    pattern: '^https?://[A-Za-z0-9.-]+(:\\d{1,5})?(/[A-Za-z0-9._~/-]*)?$',
    examples: ['https://exemplo.com.br/webhooks/semear'],
  });

export const webhookEndpointInputSchema = z.object({
  url,
  description: plainText().trim().max(200, { error: am.webhookDescriptionTooLong.id }).default(''),
  events: z
    .array(z.enum(WEBHOOK_FILTERS, { error: am.webhookEventUnknown.id }))
    .min(1, { error: am.webhookEventsRequired.id })
    .max(WEBHOOK_FILTERS.length)
    .refine(filtersExclusive, { error: am.webhookEventsOverlap.id })
    .meta({
      description: "Filters where none takes in another: '*' alone, or a family ('donation.*') without its own events.",
      examples: [['donation.*']],
    }),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointPatchSchema = webhookEndpointInputSchema.partial().extend({ enabled: z.boolean().optional() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it was switched off by itself ('gone': the receiver answered 410; 'failing': days of failures), or null. */
  disabled_reason: z.enum(['gone', 'failing', 'admin']).nullable(),
  /** The secret's first characters, to tell secrets apart; the secret itself is shown once. */
  secret_hint: z.string(),
  /** Until when the previous secret still signs too (24 h after a rotation), or null. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  deliveries: z.object({ succeeded: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** POST /admin/webhooks and its rotation: the secret, shown this once. */
export const webhookSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  request_headers: z.record(z.string(), z.string()),
  response_body: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  message_id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.unknown(),
  history: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** POST /admin/webhooks/{id}/replay: one delivery, or every one created in a range. */
export const webhookReplaySchema = z.union([
  z.object({ delivery_id: z.string().uuid() }),
  z.object({ since: z.iso.datetime({ offset: true }), until: z.iso.datetime({ offset: true }) }),
]);
