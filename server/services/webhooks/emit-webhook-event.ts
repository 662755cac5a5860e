import { and, eq, sql } from 'drizzle-orm';
import { filtersTaking, type WebhookEvent } from '../../../contracts/admin-webhooks';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Executor } from '../../db/types';
import { reusedQuery } from '../../db/reused-query';
import { newMessageId } from './standard-webhooks';

/**
 * The event and its deliveries to the enabled endpoints whose filters take it in, in one statement (issue
 * 26: every confirmed donation writes one); no row, and no message, when no endpoint wants it.
 */
const writeForWanting = reusedQuery<
  { id: string; event: string; payload: Record<string, unknown>; now: Date; filters: string[] },
  Array<{ id: string }>
>((tx, value) => {
  const wanting = tx.$with('wanting').as(
    tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} ?| ${value('filters')}::text[]`)),
  );
  const message = tx
    .$with('message', { id: webhookMessages.id })
    .as(
      sql`insert into ${webhookMessages} (id, event, payload, created_at) select ${value('id')}, ${value('event')}, ${value('payload')}::jsonb, ${value('now')}::timestamptz where exists (select from wanting) returning id`,
    );
  const deliveries = tx
    .$with('deliveries', { messageId: webhookDeliveries.messageId })
    .as(
      sql`insert into ${webhookDeliveries} (message_id, endpoint_id, created_at, next_attempt_at) select message.id, wanting.id, ${value('now')}::timestamptz, ${value('now')}::timestamptz from message cross join wanting returning message_id`,
    );
  return tx.with(wanting, message, deliveries).select({ id: message.id }).from(message);
});

const endpointById = reusedQuery<{ id: string }, Array<{ id: string }>>((tx, value) =>
  tx
    .select({ id: webhookEndpoints.id })
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
  const payload = { type: event, timestamp: now.toISOString(), data };
  if (!onlyEndpoint) {
    const [written] = await writeForWanting(tx, { id: newMessageId(), event, payload, now, filters: filtersTaking(event) });
    return written?.id ?? null;
  }
  // The test event goes to its endpoint whatever its filters and state.
  if ((await endpointById(tx, { id: onlyEndpoint })).length === 0) return null;
  const id = newMessageId();
  await tx.insert(webhookMessages).values({ id, event, payload, createdAt: now });
  await tx.insert(webhookDeliveries).values({ messageId: id, endpointId: onlyEndpoint, createdAt: now, nextAttemptAt: now });
  return id;
}
