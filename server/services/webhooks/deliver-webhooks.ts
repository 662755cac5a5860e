import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { MessageDescriptor } from '../../../contracts/messages';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import { adminEmails } from '../admin/admin-recipients';
import { enqueueMail } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';
import { postWebhook, type PostResult } from './post-webhook';
import { signedHeaders } from './standard-webhooks';

/**
 * The delivery job (docs/webhooks.md): every due delivery is claimed (a lease, so a second node or a
 * crashed attempt never sends it twice at once), POSTed signed, and its outcome kept with the request
 * and the answer. A 2xx delivers; a 410 switches the endpoint off; anything else is tried again on the
 * schedule below with ±20% jitter, later if the receiver's Retry-After says so, for about 3 days; an
 * endpoint failing for 3 days is switched off. Both switches tell the admins who run webhooks.
 */

const SECOND = 1000;
const HOUR = 3600 * SECOND;
/** The wait before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 24 h, 24 h (≈ 3.1 days in all). */
export const RETRY_SCHEDULE_MS = [
  5 * SECOND,
  5 * 60 * SECOND,
  30 * 60 * SECOND,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  24 * HOUR,
  24 * HOUR,
];
/** An endpoint whose every attempt has failed for this long is switched off. */
export const FAILING_LIMIT_MS = 3 * 24 * HOUR;
/** How long a claimed delivery is left alone (its attempt in flight) before another may take it. */
const LEASE_MS = 5 * 60 * SECOND;
/** A Retry-After is honoured up to a day. */
const RETRY_AFTER_MAX_MS = 24 * HOUR;
const PERMISSIONS = ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] as const;

export const webhookAlertMessages = {
  subject: /*i18n*/ { id: 'mail.webhook_disabled.subject', message: 'Semear: o webhook {url} foi desligado' },
  gone: /*i18n*/ {
    id: 'mail.webhook_disabled.gone',
    message: 'O endereço {url} respondeu 410 (não existe mais). O webhook foi desligado; ligue-o de novo em /admin/webhooks se ele voltar.',
  },
  failing: /*i18n*/ {
    id: 'mail.webhook_disabled.failing',
    message: 'Todas as entregas para {url} falharam nos últimos 3 dias. O webhook foi desligado; veja as tentativas em /admin/webhooks.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The wait before retry number `attempts` (1 after the first failure), jittered, or null when it is over. */
export function retryDelay(attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number | null {
  const base = RETRY_SCHEDULE_MS[attempts - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, RETRY_AFTER_MAX_MS));
}

export interface DeliveryDeps {
  db: Database;
  translator: Translator;
  config: { webhooksAllowPrivateTargets: boolean };
  /** The HTTP call (tests may watch it). */
  post?: typeof postWebhook;
  random?: () => number;
}

interface Claimed {
  id: string;
  attempts: number;
  messageId: string;
  payload: unknown;
  endpoint: typeof webhookEndpoints.$inferSelect;
}

async function claimDue(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ delivery: webhookDeliveries, message: webhookMessages, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.enabled, true)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    for (const row of due) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(eq(webhookDeliveries.id, row.delivery.id));
    }
    return due.map((row) => ({
      id: row.delivery.id,
      attempts: row.delivery.attempts,
      messageId: row.message.id,
      payload: row.message.payload,
      endpoint: row.endpoint,
    }));
  });
}

async function switchOff(tx: Executor, deps: DeliveryDeps, endpoint: Claimed['endpoint'], reason: 'gone' | 'failing', now: Date) {
  // Already off (another delivery of this round): the admins were told once.
  if (!endpoint.enabled) return;
  await tx.update(webhookEndpoints).set({ enabled: false, disabledReason: reason }).where(eq(webhookEndpoints.id, endpoint.id));
  const t = (d: MessageDescriptor) => deps.translator.translate('pt', d, { url: endpoint.url });
  const text = `${t(webhookAlertMessages[reason])}\n\n${deps.translator.translate('pt', mailMessages.signature)}\n`;
  for (const to of await adminEmails(tx, PERMISSIONS)) await enqueueMail(tx, { to, subject: t(webhookAlertMessages.subject), text }, now);
}

async function record(tx: Executor, deps: DeliveryDeps, claimed: Claimed, headers: Record<string, string>, result: PostResult, now: Date) {
  await tx.insert(webhookAttempts).values({
    deliveryId: claimed.id,
    at: now,
    requestHeaders: headers,
    statusCode: result.statusCode,
    responseBody: result.body,
    error: result.error,
    durationMs: result.durationMs,
  });
  const attempts = claimed.attempts + 1;
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (ok) {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'succeeded', attempts, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, claimed.id));
    await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, claimed.endpoint.id));
    return;
  }
  if (result.statusCode === 410) {
    await tx.update(webhookDeliveries).set({ status: 'failed', attempts, nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
    await switchOff(tx, deps, claimed.endpoint, 'gone', now);
    return;
  }
  const delay = retryDelay(attempts, result.retryAfterMs, deps.random);
  await tx
    .update(webhookDeliveries)
    .set(
      delay === null ? { status: 'failed', attempts, nextAttemptAt: null } : { attempts, nextAttemptAt: new Date(now.getTime() + delay) },
    )
    .where(eq(webhookDeliveries.id, claimed.id));
  const failingSince = claimed.endpoint.failingSince ?? now;
  if (!claimed.endpoint.failingSince) {
    await tx.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, claimed.endpoint.id));
  } else if (now.getTime() - failingSince.getTime() >= FAILING_LIMIT_MS) {
    await switchOff(tx, deps, claimed.endpoint, 'failing', now);
  }
}

/** Sends every due delivery (up to `limit` this round); answers how many were attempted. */
export async function deliverDueWebhooks(deps: DeliveryDeps, now: Date, limit = 100): Promise<number> {
  const claimed = await claimDue(deps.db, now, limit);
  const post = deps.post ?? postWebhook;
  for (const delivery of claimed) {
    const body = JSON.stringify(delivery.payload);
    const secrets = [delivery.endpoint.secret];
    if (delivery.endpoint.previousSecret && delivery.endpoint.previousSecretUntil && delivery.endpoint.previousSecretUntil > now) {
      secrets.push(delivery.endpoint.previousSecret);
    }
    const headers = signedHeaders(secrets, delivery.messageId, now, body);
    const result = await post(delivery.endpoint.url, headers, body, { allowPrivate: deps.config.webhooksAllowPrivateTargets, now });
    // The endpoint as it is now: another delivery of this round may have switched it off or marked it failing.
    await deps.db.transaction(async (tx) => {
      const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpoint.id)).for('update');
      if (!endpoint) return;
      await record(tx, deps, { ...delivery, endpoint }, headers, result, now);
    });
  }
  return claimed.length;
}

/** Puts deliveries back in the queue for now (a replay): their history stays. */
export const requeue = (tx: Executor, ids: string[], now: Date) =>
  ids.length === 0
    ? Promise.resolve()
    : tx.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now }).where(inArray(webhookDeliveries.id, ids));
