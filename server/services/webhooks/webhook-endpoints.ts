import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { adminMessages as am } from '../../../contracts/admin-messages';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '../../../contracts/admin-webhooks';
import { errorCodes } from '../../../contracts/errors';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { conflict, invalid, notFound } from '../../domain/errors';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import { requeue } from './deliver-webhooks';
import { emitWebhookEvent } from './emit-webhook-event';
import { literalPrivateHost } from './ssrf-guard';
import { newWebhookSecret } from './standard-webhooks';

/** After a rotation the old secret keeps signing for a day, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const endpointNotFound = () => notFound(errorCodes.webhookNotFound, am.webhookNotFound);

/** What the audit log keeps of an endpoint: never its secrets. */
const auditView = (row: Pick<EndpointRow, 'url' | 'description' | 'events' | 'enabled'>) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});

function present(row: EndpointRow, stats?: { succeeded: number; pending: number; failed: number }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : (row.disabledReason ?? 'admin'),
    secret_hint: `${row.secret.slice(0, 10)}…`,
    previous_secret_until: row.previousSecret && row.previousSecretUntil ? row.previousSecretUntil.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    deliveries: stats ?? { succeeded: 0, pending: 0, failed: 0 },
  };
}

export function createWebhookService(db: Database, options: { allowPrivate: boolean; now: () => Date }) {
  const checkUrl = (url: string | undefined) => {
    if (url && !options.allowPrivate && literalPrivateHost(url)) throw invalid(errorCodes.webhookUrlRefused, am.webhookUrlRefused);
  };
  const lock = async (tx: Executor, id: string): Promise<EndpointRow> => {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!row) throw endpointNotFound();
    return row;
  };

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
      const stats = await db
        .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
        .from(webhookDeliveries)
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
      return rows.map((row) => {
        const of = (status: string) => stats.find((s) => s.endpointId === row.id && s.status === status)?.n ?? 0;
        return present(row, { succeeded: of('succeeded'), pending: of('pending'), failed: of('failed') });
      });
    },

    /** A new endpoint and its secret, shown this once. */
    async create(actor: AdminActor, input: Required<Pick<WebhookEndpointInput, 'url' | 'events'>> & { description: string }) {
      checkUrl(input.url);
      const now = options.now();
      return db.transaction(async (tx) => {
        const secret = newWebhookSecret();
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ url: input.url, description: input.description, events: [...new Set(input.events)], secret, createdAt: now })
          .returning();
        const created = row as EndpointRow;
        await recordAudit(
          tx,
          actor,
          { action: 'webhook.created', subject: { type: 'webhook', id: created.id }, after: auditView(created) },
          now,
        );
        return { endpoint: present(created), secret };
      });
    },

    async update(actor: AdminActor, id: string, patch: Partial<WebhookEndpointInput> & { enabled?: boolean }) {
      checkUrl(patch.url);
      const now = options.now();
      await db.transaction(async (tx) => {
        const before = await lock(tx, id);
        const [after] = await tx
          .update(webhookEndpoints)
          .set({
            ...(patch.url !== undefined ? { url: patch.url } : {}),
            ...(patch.description !== undefined ? { description: patch.description } : {}),
            ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
            // Switched on again: its failures start over.
            ...(patch.enabled !== undefined
              ? { enabled: patch.enabled, disabledReason: patch.enabled ? null : 'admin', failingSince: null }
              : {}),
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        await recordAudit(
          tx,
          actor,
          {
            action: 'webhook.updated',
            subject: { type: 'webhook', id },
            before: auditView(before),
            after: auditView(after as EndpointRow),
          },
          now,
        );
      });
    },

    async remove(actor: AdminActor, id: string) {
      const now = options.now();
      await db.transaction(async (tx) => {
        const before = await lock(tx, id);
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
        await recordAudit(tx, actor, { action: 'webhook.deleted', subject: { type: 'webhook', id }, before: auditView(before) }, now);
      });
    },

    /** A new secret, shown once; the old one keeps signing for 24 h. */
    async rotate(actor: AdminActor, id: string) {
      const now = options.now();
      return db.transaction(async (tx) => {
        const before = await lock(tx, id);
        const secret = newWebhookSecret();
        const [row] = await tx
          .update(webhookEndpoints)
          .set({ secret, previousSecret: before.secret, previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS) })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'webhook.secret_rotated', subject: { type: 'webhook', id } }, now);
        return { endpoint: present(row as EndpointRow), secret };
      });
    },

    /** The "send test event" button: a `webhook.test` event to this endpoint only. */
    async sendTest(actor: AdminActor, id: string) {
      const now = options.now();
      return db.transaction(async (tx) => {
        const endpoint = await lock(tx, id);
        if (!endpoint.enabled) throw conflict(errorCodes.webhookDisabled, am.webhookDisabled);
        const messageId = await emitWebhookEvent(tx, 'webhook.test', { message: 'Semear test event', endpoint_id: id }, now, id);
        await recordAudit(
          tx,
          actor,
          { action: 'webhook.test_sent', subject: { type: 'webhook', id }, after: { message_id: messageId } },
          now,
        );
        return { message_id: messageId as string };
      });
    },

    async deliveries(id: string, page: number, amount: number): Promise<{ items: WebhookDelivery[]; total: number }> {
      await lock(db, id);
      const where = eq(webhookDeliveries.endpointId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select({ delivery: webhookDeliveries, message: webhookMessages })
          .from(webhookDeliveries)
          .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(amount)
          .offset(page * amount),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      const ids = rows.map((r) => r.delivery.id);
      const attempts = ids.length
        ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(desc(webhookAttempts.at))
        : [];
      return {
        total: total?.n ?? 0,
        items: rows.map(({ delivery, message }) => ({
          id: delivery.id,
          message_id: message.id,
          event: message.event,
          status: delivery.status,
          attempts: delivery.attempts,
          next_attempt_at: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
          created_at: delivery.createdAt.toISOString(),
          payload: message.payload,
          history: attempts
            .filter((a) => a.deliveryId === delivery.id)
            .map((a) => ({
              at: a.at.toISOString(),
              status_code: a.statusCode,
              error: a.error,
              duration_ms: a.durationMs,
              request_headers: a.requestHeaders,
              response_body: a.responseBody,
            })),
        })),
      };
    },

    /** Sends one delivery again, or every delivery of this endpoint created in a range; answers how many. */
    async replay(actor: AdminActor, id: string, what: { delivery_id: string } | { since: string; until: string }) {
      const now = options.now();
      return db.transaction(async (tx) => {
        await lock(tx, id);
        const range =
          'delivery_id' in what
            ? eq(webhookDeliveries.id, what.delivery_id)
            : and(gte(webhookDeliveries.createdAt, new Date(what.since)), lte(webhookDeliveries.createdAt, new Date(what.until)));
        const rows = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.endpointId, id), range, sql`${webhookDeliveries.status} <> 'pending'`));
        await requeue(
          tx,
          rows.map((r) => r.id),
          now,
        );
        await recordAudit(
          tx,
          actor,
          { action: 'webhook.replayed', subject: { type: 'webhook', id }, after: { deliveries: rows.length, ...what } },
          now,
        );
        return { replayed: rows.length };
      });
    },
  };
}
