import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../contracts/admin-donations';

/**
 * Outgoing webhooks (docs/webhooks.md): the endpoints, each event once (written in the transaction of the
 * event itself: an outbox), its delivery to each endpoint that wants it, and every attempt with its
 * request and response.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** Filters: an event, a family ('subscription.*') or '*'. */
  events: jsonb('events').$type<string[]>().notNull(),
  /** `whsec_` and the base64 of 32 random bytes. */
  secret: text('secret').notNull(),
  /** After a rotation the previous secret signs too, until `previous_secret_until`. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason', { enum: ['gone', 'failing', 'admin'] }),
  /** Since when every attempt has failed (null: the last one succeeded). */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /**
   * A deliverer's lease on the endpoint (issue 52): while it runs, that node alone sends to it, one
   * delivery after another (per-endpoint order); its value is the deliverer's token when it records.
   */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookMessages = pgTable(
  'webhook_messages',
  {
    /** The `webhook-id` receivers deduplicate on: `msg_` and 26 characters. */
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_messages_created_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_endpoint_idx').on(t.messageId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    statusCode: integer('status_code'),
    /** The first 2 KB of the answer. */
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
