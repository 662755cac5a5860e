import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** How much one round takes: endpoints served at once, and deliveries per endpoint. */
export interface RoundSize {
  endpoints?: number;
  perEndpoint?: number;
}

type Endpoint = typeof webhookEndpoints.$inferSelect;

interface Lane {
  endpoint: Endpoint;
  /** The end of this round's lease on the endpoint: the token its records are written under. */
  until: Date;
  deliveries: Array<{ id: string; attempts: number; messageId: string; payload: unknown }>;
}

interface Outcome {
  id: string;
  endpointId: string;
  until: Date;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  at: Date;
  headers: Record<string, string>;
  result: PostResult;
}

/** Outcomes written by one statement at most, and how long one waits for others to join it. */
const RECORD_BATCH = 200;
const RECORD_LINGER_MS = 10;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
/** Rows of a raw statement, whichever driver ran it. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

interface ClaimedRow {
  /** The endpoint's row as JSON (snake_case columns). */
  endpoint: Record<string, unknown> & { id: string; url: string; description: string; events: string[]; secret: string; enabled: boolean };
  id: string;
  attempts: number;
  message_id: string;
  payload: unknown;
}

/**
 * Leases up to `endpoints` endpoints with due deliveries and takes the `perEndpoint` earliest of each, in
 * one statement. SKIP LOCKED and PostgreSQL's recheck of a row another claim just updated keep two nodes
 * from leasing one endpoint, so its deliveries go out from one node, one after another, in order. The
 * lease's end is this round's token; nothing is written on the deliveries, so a node killed mid-round
 * leaves them due as they were, and they go out again when the lease ends.
 */
async function claimDue(db: Database, now: Date, size: Required<RoundSize>): Promise<Lane[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const result = await db.execute(sql`
    with picked as (
      select e.id from ${webhookEndpoints} e
      where e.enabled and (e.claimed_until is null or e.claimed_until <= ${iso(now)}::timestamptz)
        and exists (select from ${webhookDeliveries} d
                    where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= ${iso(now)}::timestamptz)
      limit ${size.endpoints}
      for update of e skip locked
    ), leased as (
      update ${webhookEndpoints} e set claimed_until = ${iso(until)}::timestamptz from picked where e.id = picked.id returning e.*
    )
    select to_jsonb(leased) as endpoint, due.id, due.attempts, due.message_id, m.payload
    from leased
    cross join lateral (
      select d.id, d.attempts, d.message_id, d.next_attempt_at, d.created_at from ${webhookDeliveries} d
      where d.endpoint_id = leased.id and d.status = 'pending' and d.next_attempt_at <= ${iso(now)}::timestamptz
      order by d.next_attempt_at, d.created_at, d.id
      limit ${size.perEndpoint}
    ) due
    join ${webhookMessages} m on m.id = due.message_id
    order by leased.id, due.next_attempt_at, due.created_at, due.id`);
  const lanes = new Map<string, Lane>();
  for (const row of rowsOf<ClaimedRow>(result)) {
    const raw = row.endpoint;
    const id = raw.id;
    let lane = lanes.get(id);
    if (!lane) {
      const date = (value: unknown) => (value ? new Date(value as string) : null);
      const endpoint: Endpoint = {
        id,
        url: raw.url,
        description: raw.description,
        events: raw.events,
        secret: raw.secret,
        previousSecret: (raw.previous_secret as string | null) ?? null,
        previousSecretUntil: date(raw.previous_secret_until),
        enabled: raw.enabled,
        disabledReason: (raw.disabled_reason as Endpoint['disabledReason']) ?? null,
        failingSince: date(raw.failing_since),
        claimedUntil: until,
        createdAt: date(raw.created_at) as Date,
      };
      lane = { endpoint, until, deliveries: [] };
      lanes.set(id, lane);
    }
    lane.deliveries.push({ id: row.id, attempts: Number(row.attempts), messageId: row.message_id, payload: row.payload });
  }
  return [...lanes.values()];
}

/**
 * Outcomes written together (issue 52): each waits for the statement under way to end, and the next one
 * writes all that ended meanwhile, so at volume one statement records many deliveries. A delivery is
 * recorded (its attempt kept, its status and next attempt set) only while its endpoint's lease is still
 * this round's: a round that outlived its lease, whose endpoint another node took, writes nothing.
 */
function outcomeRecorder(db: Database) {
  let waiting: Array<{ outcome: Outcome; done: () => void; failed: (error: unknown) => void }> = [];
  let writing: Promise<void> | null = null;
  // The batch goes as one JSON parameter: 12 parameters an outcome cost PostgreSQL more to parse and bind than to run.
  const write = async (batch: Outcome[]) => {
    const rows = batch.map((o) => ({
      id: o.id,
      endpoint_id: o.endpointId,
      until: iso(o.until),
      status: o.status,
      attempts: o.attempts,
      next_attempt_at: iso(o.nextAttemptAt),
      at: iso(o.at),
      headers: o.headers,
      status_code: o.result.statusCode,
      body: o.result.body,
      error: o.result.error,
      duration_ms: o.result.durationMs,
    }));
    await db.execute(sql`
      with outcome as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as o(id uuid, endpoint_id uuid, until timestamptz, status text,
          attempts int, next_attempt_at timestamptz, at timestamptz, headers jsonb, status_code int, body text, error text, duration_ms int)
      ),
      recorded as (
        update ${webhookDeliveries} d
        set status = outcome.status, attempts = outcome.attempts, next_attempt_at = outcome.next_attempt_at
        from outcome join ${webhookEndpoints} e on e.id = outcome.endpoint_id and e.claimed_until = outcome.until
        where d.id = outcome.id and d.status = 'pending'
        returning d.id
      )
      insert into ${webhookAttempts} (delivery_id, at, request_headers, status_code, response_body, error, duration_ms)
      select outcome.id, outcome.at, outcome.headers, outcome.status_code, outcome.body, outcome.error, outcome.duration_ms
      from outcome join recorded on recorded.id = outcome.id`);
  };
  const flush = () => {
    if (writing || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    writing = write(batch.map((w) => w.outcome)).then(
      () => batch.forEach((w) => w.done()),
      (error: unknown) => batch.forEach((w) => w.failed(error)),
    );
    void writing.finally(() => {
      writing = null;
      flush();
    });
  };
  // A few ms of lingering gathers the outcomes of every lane: on a quick database a statement per outcome
  // would end before the next outcome arrives. Nobody waits on it but the lease's release.
  let lingering: NodeJS.Timeout | null = null;
  return (outcome: Outcome) =>
    new Promise<void>((done, failed) => {
      waiting.push({ outcome, done, failed });
      if (waiting.length >= RECORD_BATCH) return flush();
      lingering ??= setTimeout(() => {
        lingering = null;
        flush();
      }, RECORD_LINGER_MS);
    });
}

/** The endpoint's switch off and the admins' e-mail, in the caller's transaction. */
async function switchOff(tx: Executor, deps: DeliveryDeps, endpoint: Endpoint, reason: 'gone' | 'failing', now: Date) {
  await tx.update(webhookEndpoints).set({ enabled: false, disabledReason: reason }).where(eq(webhookEndpoints.id, endpoint.id));
  const t = (d: MessageDescriptor) => deps.translator.translate('pt', d, { url: endpoint.url });
  const text = `${t(webhookAlertMessages[reason])}\n\n${deps.translator.translate('pt', mailMessages.signature)}\n`;
  for (const to of await adminEmails(tx, PERMISSIONS)) await enqueueMail(tx, { to, subject: t(webhookAlertMessages.subject), text }, now);
}

/**
 * Deliveries in flight at once to one endpoint, over as many kept-alive connections. One at a time, an
 * endpoint gets at most 1 / (its answer's time) a second: 3 a second from a receiver that takes 300 ms,
 * so a campaign's peak would queue for hours. As at Stripe, GitHub and Svix, receivers order events by
 * their `webhook-timestamp`, not by arrival.
 */
export const IN_FLIGHT_PER_ENDPOINT = 8;

/**
 * One endpoint's deliveries, started in their order, up to IN_FLIGHT_PER_ENDPOINT at once, each recorded
 * as it ends (delivered, or its retry scheduled). A 410 or 3 days of failures switch the endpoint off:
 * nothing more starts. Its lease ends with the lane, after every outcome is written.
 */
async function runLane(deps: DeliveryDeps, lane: Lane, now: Date, record: (o: Outcome) => Promise<void>): Promise<number> {
  const post = deps.post ?? postWebhook;
  const started = performance.now();
  const { endpoint } = lane;
  let failingSince = endpoint.failingSince;
  let switchedOff: 'gone' | 'failing' | null = null;
  const recorded: Array<Promise<void>> = [];
  let attempted = 0;
  const queue = lane.deliveries.values();
  const sendInTurn = async () => {
    for (const delivery of queue) {
      // Leave the rest due rather than send past the lease (each send may take its 15 s timeout).
      if (switchedOff || performance.now() - started > LEASE_MS / 2) return;
      const body = JSON.stringify(delivery.payload);
      const secrets = [endpoint.secret];
      if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
        secrets.push(endpoint.previousSecret);
      const headers = signedHeaders(secrets, delivery.messageId, now, body);
      const result = await post(endpoint.url, headers, body, { allowPrivate: deps.config.webhooksAllowPrivateTargets, now });
      attempted += 1;
      const attempts = delivery.attempts + 1;
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      let outcome: Pick<Outcome, 'status' | 'nextAttemptAt'>;
      if (ok) {
        failingSince = null;
        outcome = { status: 'succeeded', nextAttemptAt: null };
      } else if (result.statusCode === 410) {
        switchedOff = 'gone';
        outcome = { status: 'failed', nextAttemptAt: null };
      } else {
        const delay = retryDelay(attempts, result.retryAfterMs, deps.random);
        outcome =
          delay === null
            ? { status: 'failed', nextAttemptAt: null }
            : { status: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
        if (!failingSince) failingSince = now;
        else if (now.getTime() - failingSince.getTime() >= FAILING_LIMIT_MS) switchedOff = 'failing';
      }
      recorded.push(
        record({ id: delivery.id, endpointId: endpoint.id, until: lane.until, attempts, at: now, headers, result, ...outcome }),
      );
    }
  };
  // Each sender takes the next delivery from the one shared iterator, so they start in order.
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT_PER_ENDPOINT, lane.deliveries.length) }, sendInTurn));
  await Promise.all(recorded);
  // The endpoint as this lane leaves it, and its lease released, only while the lease is still ours.
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.claimedUntil, lane.until)))
      .for('update');
    if (!current) return;
    await tx.update(webhookEndpoints).set({ failingSince, claimedUntil: null }).where(eq(webhookEndpoints.id, endpoint.id));
    if (switchedOff && current.enabled) await switchOff(tx, deps, current, switchedOff, now);
  });
  return attempted;
}

/**
 * Sends the due deliveries of up to `endpoints` endpoints at once (up to `perEndpoint` each this round);
 * answers how many were attempted.
 */
export async function deliverDueWebhooks(deps: DeliveryDeps, now: Date, size: RoundSize = {}): Promise<number> {
  const lanes = await claimDue(deps.db, now, { endpoints: size.endpoints ?? 20, perEndpoint: size.perEndpoint ?? 100 });
  if (lanes.length === 0) return 0;
  const record = outcomeRecorder(deps.db);
  const counts = await Promise.all(lanes.map((lane) => runLane(deps, lane, now, record)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Puts deliveries back in the queue for now (a replay): their history stays. */
export const requeue = (tx: Executor, ids: string[], now: Date) =>
  ids.length === 0
    ? Promise.resolve()
    : tx.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now }).where(inArray(webhookDeliveries.id, ids));
