import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../../contracts/constants';
import { sandboxWebhookDeliveries, sandboxWebhookEvents } from '../../../db/schema/sandbox-gateway';
import type { Database } from '../../../db/types';
import type { Clock } from '../../clock';
import type { GatewayEvent } from '../gateway';
import { signWebhook, webhookEventBody } from './webhook-signature';
import { sandboxId } from './ids';

/** Sends one signed webhook to our endpoint and answers the HTTP status it got. */
export type DeliverWebhook = (body: string, headers: Record<string, string>) => Promise<number>;

/** Runs a function later; tests pass one they fire by hand. */
export interface Scheduler {
  after(ms: number, run: () => void): { cancel(): void };
}

export const timerScheduler: Scheduler = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A pending retry must not keep the process (or a test run) alive.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

/** Waits between attempts: a receiver that is briefly down gets about a quarter of an hour to recover. */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000] as const;

export interface WebhookOutboxDeps {
  db: Database;
  clock: Clock;
  secret: string;
  deliver: DeliverWebhook;
  scheduler?: Scheduler;
  retryDelaysMs?: readonly number[];
  onError?: (error: unknown) => void;
}

export interface AnnouncedPayment {
  id: string;
  idempotencyKey: string;
  amountCents: number;
}

export interface WebhookOutbox {
  /**
   * Records the event (once per payment and type) and delivers it: `now` waits for the first
   * attempt (the sandbox's own pages redirect after it), `later` leaves it to the scheduler.
   */
  announce(payment: AnnouncedPayment, type: GatewayEvent['type'], when: 'now' | 'later'): Promise<string | null>;
  /** One delivery attempt of an event; true when our endpoint answered 2xx. */
  deliver(eventId: string): Promise<boolean>;
  /** Delivers every undelivered event whose next attempt is due (after a restart, or from a test). */
  deliverDue(): Promise<number>;
  stop(): void;
}

export function createWebhookOutbox(deps: WebhookOutboxDeps): WebhookOutbox {
  const { db, clock, secret } = deps;
  const scheduler = deps.scheduler ?? timerScheduler;
  const retryDelaysMs = deps.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const pending = new Set<{ cancel(): void }>();
  let stopped = false;

  const later = (ms: number, eventId: string) => {
    if (stopped) return;
    const handle = scheduler.after(ms, () => {
      pending.delete(handle);
      if (!stopped) deliver(eventId).catch((error: unknown) => deps.onError?.(error));
    });
    pending.add(handle);
  };

  async function deliver(eventId: string): Promise<boolean> {
    const [event] = await db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.id, eventId));
    if (!event || event.deliveredAt) return true;
    const attempt = event.attempts + 1;
    const nowS = Math.floor(clock.now().getTime() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await deps.deliver(event.body, {
        'content-type': 'application/json',
        'user-agent': 'semear-sandbox-gateway/1',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(event.body, secret, nowS),
      });
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryIn = delivered ? null : (retryDelaysMs[attempt - 1] ?? null);
    const now = clock.now();
    await db.insert(sandboxWebhookDeliveries).values({ eventId, attempt, statusCode, error });
    await db
      .update(sandboxWebhookEvents)
      .set({
        attempts: sql`${sandboxWebhookEvents.attempts} + 1`,
        deliveredAt: delivered ? now : null,
        nextAttemptAt: retryIn === null ? null : new Date(now.getTime() + retryIn),
      })
      .where(eq(sandboxWebhookEvents.id, eventId));
    if (retryIn !== null) later(retryIn, eventId);
    return delivered;
  }

  return {
    async announce(payment, type, when) {
      const now = clock.now();
      const id = sandboxId('evt');
      const body = JSON.stringify(
        webhookEventBody({
          id,
          type,
          idempotencyKey: payment.idempotencyKey,
          gatewayRef: payment.id,
          amountCents: payment.amountCents,
          occurredAt: now,
        }),
      );
      const [event] = await db
        .insert(sandboxWebhookEvents)
        .values({ id, type, paymentId: payment.id, body, nextAttemptAt: now })
        .onConflictDoNothing()
        .returning({ id: sandboxWebhookEvents.id });
      if (!event) return null;
      if (when === 'now') await deliver(event.id);
      else later(0, event.id);
      return event.id;
    },
    deliver,
    async deliverDue() {
      const due = await db
        .select({ id: sandboxWebhookEvents.id })
        .from(sandboxWebhookEvents)
        .where(and(isNull(sandboxWebhookEvents.deliveredAt), lte(sandboxWebhookEvents.nextAttemptAt, clock.now())))
        .orderBy(sandboxWebhookEvents.createdAt);
      let delivered = 0;
      for (const { id } of due) if (await deliver(id)) delivered++;
      return delivered;
    },
    stop() {
      stopped = true;
      for (const handle of pending) handle.cancel();
      pending.clear();
    },
  };
}
