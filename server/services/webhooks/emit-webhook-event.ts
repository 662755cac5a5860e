import { eq } from 'drizzle-orm';
import { matchesFilter, type WebhookEvent } from '../../../contracts/admin-webhooks';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Executor } from '../../db/types';
import { reusedQuery } from '../../db/reused-query';
import { newMessageId } from './standard-webhooks';

// Every confirmed donation asks, in its own commit.
const enabledEndpoints = reusedQuery<Record<string, never>, Array<{ id: string; events: string[] }>>((tx) =>
  tx.select({ id: webhookEndpoints.id, events: webhookEndpoints.events }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true)),
);

const endpointById = reusedQuery<{ id: string }, Array<{ id: string; events: string[] }>>((tx, value) =>
  tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, value('id'))),
);

/**
 * Writes an event for the endpoints that want it, in the caller's transaction (an outbox): the event
 * and the change it tells of commit together, or neither does. The delivery job sends them.
 * `onlyEndpoint`: the "send test event" button's one endpoint. Answers the message id, or null when
 * no endpoint wants the event.
 */
export async function emitWebhookEvent(
  tx: Executor,
  event: WebhookEvent,
  data: Record<string, unknown>,
  now: Date,
  onlyEndpoint?: string,
): Promise<string | null> {
  const endpoints = onlyEndpoint ? await endpointById(tx, { id: onlyEndpoint }) : await enabledEndpoints(tx, {});
  const wanting = endpoints.filter((e) => onlyEndpoint || matchesFilter(e.events, event));
  if (wanting.length === 0) return null;
  const id = newMessageId();
  await tx.insert(webhookMessages).values({ id, event, payload: { type: event, timestamp: now.toISOString(), data }, createdAt: now });
  await tx
    .insert(webhookDeliveries)
    .values(wanting.map((endpoint) => ({ messageId: id, endpointId: endpoint.id, createdAt: now, nextAttemptAt: now })));
  return id;
}
