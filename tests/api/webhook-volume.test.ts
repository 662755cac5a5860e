// Webhook deliveries at volume (issue 52): endpoints leased in one statement, each endpoint's deliveries
// started in order, a few at once over kept-alive connections, endpoints at once, outcomes recorded in batches.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import type { Database } from '../../server/db/types';
import { createTranslator } from '../../server/i18n/translator';
import { deliverDueWebhooks, IN_FLIGHT_PER_ENDPOINT, type DeliveryDeps } from '../../server/services/webhooks/deliver-webhooks';
import { emitWebhookEvent } from '../../server/services/webhooks/emit-webhook-event';
import { closeWebhookConnections, postWebhook } from '../../server/services/webhooks/post-webhook';
import { newWebhookSecret } from '../../server/services/webhooks/standard-webhooks';
import { createTestContext, type TestContext } from './helpers/test-app';

const LEASE_MS = 5 * 60 * 1000;

/** A receiver that answers after a few ms, noting per path the order of events, what was under way at once, and its connections. */
class Receiver {
  events = new Map<string, number[]>();
  failFirst = new Set<number>();
  underWay = new Map<string, number>();
  maxPerPath = 0;
  /** The most endpoints (paths) that had a delivery under way at one moment. */
  maxPathsAtOnce = 0;
  connections = 0;
  private server: Server = createServer((req, res) => {
    let body = '';
    const path = req.url ?? '';
    this.underWay.set(path, (this.underWay.get(path) ?? 0) + 1);
    this.maxPerPath = Math.max(this.maxPerPath, this.underWay.get(path) ?? 0);
    this.maxPathsAtOnce = Math.max(this.maxPathsAtOnce, [...this.underWay.values()].filter((n) => n > 0).length);
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const n = (JSON.parse(body) as { data: { n: number } }).data.n;
      setTimeout(() => {
        this.underWay.set(path, (this.underWay.get(path) ?? 1) - 1);
        if (this.failFirst.delete(n)) return void res.writeHead(500).end('busy');
        if (path === '/nul') return void res.writeHead(200).end('ok\u0000then more');
        this.events.set(path, [...(this.events.get(path) ?? []), n]);
        res.writeHead(204).end();
      }, 3);
    });
  });
  url = '';
  async start() {
    this.server.on('connection', () => (this.connections += 1));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }
  reset() {
    Object.assign(this, { events: new Map(), failFirst: new Set(), underWay: new Map(), maxPerPath: 0, maxPathsAtOnce: 0, connections: 0 });
  }
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

let ctx: TestContext;
let receiver: Receiver;
let deps: DeliveryDeps;
beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  receiver = new Receiver();
  await receiver.start();
  deps = { db: ctx.database.db, translator: createTranslator(), config: { webhooksAllowPrivateTargets: true }, random: () => 0.5 };
});
afterAll(async () => {
  closeWebhookConnections();
  await receiver.stop();
  await ctx.close();
});
afterEach(async () => {
  await ctx.database.db.delete(webhookEndpoints);
  closeWebhookConnections();
  receiver.reset();
});

const db = () => ctx.database.db;
const now = () => ctx.clock.now();
const at = (offsetMs: number) => new Date(now().getTime() + offsetMs);

async function endpoints(paths: string[]): Promise<string[]> {
  const rows = await db()
    .insert(webhookEndpoints)
    .values(paths.map((path) => ({ url: `${receiver.url}${path}`, events: ['*'], secret: newWebhookSecret() })))
    .returning({ id: webhookEndpoints.id });
  return rows.map((row) => row.id);
}
/** `count` events, each to every endpoint, one millisecond apart so their order is plain. */
async function emit(count: number, from = 0) {
  for (let n = from; n < from + count; n++) await emitWebhookEvent(db(), 'donation.confirmed', { n }, at(n - 1000));
}
const statuses = async (ids: string[]) => db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, ids));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** What a receiver got, whatever the order the answers came in. */
const sorted = (events: number[] | undefined) => [...(events ?? [])].sort((a, b) => a - b);

/** The database, counting the statements run outside transactions (claims and batched records). */
function counting(database: Database) {
  const counter = { executes: 0 };
  const db = new Proxy(database, {
    get(target, key, receiverOf) {
      if (key === 'execute') {
        return (...args: Parameters<Database['execute']>) => {
          counter.executes += 1;
          return target.execute(...args);
        };
      }
      const value: unknown = Reflect.get(target, key, receiverOf);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, counter };
}

describe('deliveries at volume', () => {
  it("starts each endpoint's deliveries in order, a few at once, while endpoints go at once; a failure is retried on schedule", async () => {
    const ids = await endpoints(['/a', '/b', '/c']);
    await emit(30);
    receiver.failFirst.add(4);
    const startedPerPath = new Map<string, number[]>();
    const post: DeliveryDeps['post'] = (url, headers, body, options) => {
      const path = new URL(url).pathname;
      startedPerPath.set(path, [...(startedPerPath.get(path) ?? []), (JSON.parse(body) as { data: { n: number } }).data.n]);
      return postWebhook(url, headers, body, options);
    };
    expect(await deliverDueWebhooks({ ...deps, post }, now())).toBe(90);
    for (const path of ['/a', '/b', '/c']) {
      expect(startedPerPath.get(path)).toEqual(range(0, 30));
      // Event 4 failed once (at one of the endpoints): the others got every event once.
      expect(sorted(receiver.events.get(path)).filter((n) => n !== 4)).toEqual(range(0, 30).filter((n) => n !== 4));
    }
    expect(receiver.maxPerPath).toBeGreaterThan(1);
    expect(receiver.maxPerPath).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
    expect(receiver.maxPathsAtOnce).toBeGreaterThan(1);
    const pending = (await statuses(ids)).filter((d) => d.status === 'pending');
    expect(pending).toHaveLength(1);
    // The first retry 5 s after the attempt (jitter fixed at the middle).
    expect(pending[0]).toMatchObject({ attempts: 1, nextAttemptAt: at(5000) });
    expect(await deliverDueWebhooks(deps, at(4999))).toBe(0);
    expect(await deliverDueWebhooks(deps, at(5000))).toBe(1);
    expect((await statuses(ids)).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('records many outcomes in few statements, every attempt kept', async () => {
    const ids = await endpoints(['/a', '/b']);
    await emit(50);
    const { db: watched, counter } = counting(db());
    // Receivers that answer at once: outcomes arrive faster than statements end, as at volume.
    const post: DeliveryDeps['post'] = async () => ({ statusCode: 204, body: '', error: null, retryAfterMs: null, durationMs: 0 });
    expect(await deliverDueWebhooks({ ...deps, db: watched, post }, now())).toBe(100);
    const rows = await statuses(ids);
    expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    const attempts = await db()
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((d) => d.id),
        ),
      );
    expect(attempts).toHaveLength(100);
    expect(attempts.every((a) => a.statusCode === 204 && a.at.getTime() === now().getTime())).toBe(true);
    // One claim, and the records of 100 deliveries in a few statements.
    expect(counter.executes).toBeLessThanOrEqual(5);
  });

  it('reuses kept-alive connections: the receiver sees few connections for many deliveries', async () => {
    await endpoints(['/a']);
    await emit(40);
    expect(await deliverDueWebhooks(deps, now())).toBe(40);
    expect(sorted(receiver.events.get('/a'))).toEqual(range(0, 40));
    // One connection per delivery in flight at most, each kept for the next.
    expect(receiver.connections).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
  });

  it('two deliverers on one table send each delivery once, each endpoint from one of them', async () => {
    const ids = await endpoints(['/a', '/b', '/c', '/d']);
    await emit(20);
    const rounds = await Promise.all([
      deliverDueWebhooks(deps, now(), { endpoints: 2 }),
      deliverDueWebhooks(deps, now(), { endpoints: 2 }),
      deliverDueWebhooks(deps, now(), { endpoints: 2 }),
    ]);
    const more = await deliverDueWebhooks(deps, now());
    expect(rounds.reduce((a, b) => a + b, 0) + more).toBe(80);
    for (const path of ['/a', '/b', '/c', '/d']) expect(sorted(receiver.events.get(path))).toEqual(range(0, 20));
    expect(receiver.maxPerPath).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
    expect((await statuses(ids)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  it('a deliverer that dies mid-batch leaves its deliveries due when its lease ends, and its late records are dropped', async () => {
    const [id] = await endpoints(['/a']);
    await emit(5);
    // The first deliverer hangs on its first POST (a node killed mid-batch, as far as the table can tell).
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const stuck = deliverDueWebhooks(
      {
        ...deps,
        post: async () => {
          await hanging;
          return { statusCode: 500, body: null, error: null, retryAfterMs: null, durationMs: 1 };
        },
      },
      now(),
    );
    await vi.waitFor(async () => {
      const [leased] = await db()
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id as string));
      expect(leased?.claimedUntil).not.toBeNull();
    });
    // Leased: nobody else sends to it until the lease ends.
    expect(await deliverDueWebhooks(deps, now())).toBe(0);
    expect(await deliverDueWebhooks(deps, at(LEASE_MS))).toBe(5);
    expect(sorted(receiver.events.get('/a'))).toEqual(range(0, 5));
    release();
    await stuck;
    // The late deliverer's outcome was not written over the one that owned the lease.
    const rows = await statuses([id as string]);
    expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    const [endpoint] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id as string));
    expect(endpoint?.claimedUntil).toBeNull();
  });

  it('keeps the answer of a receiver that sends a NUL byte, and the outcomes written with it', async () => {
    // PostgreSQL's text and jsonb refuse U+0000: kept as it came, it failed the whole batch, other endpoints' outcomes too.
    const ids = await endpoints(['/nul', '/a']);
    await emit(3);
    expect(await deliverDueWebhooks(deps, now())).toBe(6);
    const rows = await statuses(ids);
    expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    const attempts = await db()
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((d) => d.id),
        ),
      );
    expect(attempts.filter((a) => a.responseBody === 'ok\uFFFDthen more')).toHaveLength(3);
  });

  it('still refuses a name that resolves to a private address, and the receiver never hears of it', async () => {
    const [id] = await endpoints(['/inside']);
    await emit(3);
    expect(await deliverDueWebhooks({ ...deps, config: { webhooksAllowPrivateTargets: false } }, now())).toBe(3);
    expect(receiver.events.size).toBe(0);
    const rows = await statuses([id as string]);
    expect(rows.every((d) => d.status === 'pending' && d.attempts === 1)).toBe(true);
    const attempts = await db()
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((d) => d.id),
        ),
      );
    expect(attempts.map((a) => a.error)).toEqual(Array(3).fill('refused: not a public address'));
  });
});
