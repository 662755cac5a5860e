import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/types';
import { emitWebhookEvent } from '../../server/services/webhooks/emit-webhook-event';
import { openTestDatabase } from '../api/helpers/test-database';

const NOW = new Date('2026-11-28T12:00:00Z');
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(webhookEndpoints);
});

async function endpoint(events: string[], enabled = true): Promise<string> {
  const [row] = await database.db
    .insert(webhookEndpoints)
    .values({ url: 'https://erp.example.com/hook', events, secret: 'whsec_dGVzdA==', enabled, disabledReason: enabled ? null : 'admin' })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

const deliveredTo = async (messageId: string) =>
  (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, messageId))).map((d) => d.endpointId).sort();

describe('an event written for the endpoints that want it (an outbox)', () => {
  it('goes to every enabled endpoint whose filter takes it in, once each, with its payload', async () => {
    const every = await endpoint(['*']);
    const family = await endpoint(['donation.*']);
    const exact = await endpoint(['gift_card.redeemed', 'donation.confirmed']);
    await endpoint(['subscription.*']);
    await endpoint(['donation.refunded']);
    await endpoint(['*'], false);
    const data = { id: 'd-1', amount: 5000, currency: 'BRL', note: 'Olá\u00e9' };
    const id = await database.db.transaction((tx) => emitWebhookEvent(tx, 'donation.confirmed', data, NOW));
    expect(id).toMatch(/^msg_/);
    expect(await deliveredTo(id!)).toEqual([every, family, exact].sort());
    const [message] = await database.db.select().from(webhookMessages).where(eq(webhookMessages.id, id!));
    expect(message).toMatchObject({ event: 'donation.confirmed', createdAt: NOW });
    expect(message!.payload).toEqual({ type: 'donation.confirmed', timestamp: NOW.toISOString(), data });
    const deliveries = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, id!));
    expect(deliveries.every((d) => d.status === 'pending' && d.attempts === 0 && d.nextAttemptAt?.getTime() === NOW.getTime())).toBe(true);
  });

  it('writes nothing when no enabled endpoint wants it, and nothing survives a rollback', async () => {
    await endpoint(['subscription.*']);
    await endpoint(['donation.confirmed'], false);
    expect(await database.db.transaction((tx) => emitWebhookEvent(tx, 'donation.confirmed', {}, NOW))).toBeNull();
    const wanted = await endpoint(['donation.*']);
    const rolledBack = database.db.transaction(async (tx) => {
      const id = await emitWebhookEvent(tx, 'donation.refunded', {}, NOW);
      expect(await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.messageId, id!))).toHaveLength(1);
      throw new Error('the refund failed after its event was written');
    });
    await expect(rolledBack).rejects.toThrow('refund failed');
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, wanted))).toEqual([]);
    expect(await database.db.select().from(webhookMessages).where(eq(webhookMessages.event, 'donation.refunded'))).toEqual([]);
  });

  it('sends the test event to its one endpoint, whatever its filters or state', async () => {
    const other = await endpoint(['*']);
    const off = await endpoint(['subscription.*'], false);
    const id = await database.db.transaction((tx) => emitWebhookEvent(tx, 'webhook.test', { message: 'hi' }, NOW, off));
    expect(await deliveredTo(id!)).toEqual([off]);
    expect(await deliveredTo(id!)).not.toContain(other);
  });
});
